// `npm run db:migrate`: applies pending migrations to the configured database (as
// MIGRATION_DATABASE_URL when set).
import path from 'node:path';
import { loadEnvFiles } from '../server/config/env-files';
import { describeTarget, migrationTargetFromEnv } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';

async function main() {
  // The .env files too, as `npm start` and the server read them (server/config/env-files.ts).
  loadEnvFiles(path.resolve(import.meta.dirname, '..'), false);
  // As the owner role when MIGRATION_DATABASE_URL is set (docs/operations.md "Audit log").
  const target = migrationTargetFromEnv();
  const db = await openDatabase(target, { log: (line) => console.log(line) });
  const { applied, alreadyApplied } = db.migrations;
  console.log(`${describeTarget(target)}: ${applied.length} migration(s) applied, ${alreadyApplied.length} already in place.`);
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
