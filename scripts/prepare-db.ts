// Run before the server starts (npm start, npm run dev). A failed migration or a missing
// production secret stops start-up here, with a message saying what to fix.
import { resolveAuthSecret } from '../server/auth/secret';
import { migrationTargetFromEnv } from '../server/db/config';
import { prepareDatabase } from '../server/db/prepare-database';

async function main() {
  resolveAuthSecret();
  // Migrates as MIGRATION_DATABASE_URL when set; the server itself then runs as DATABASE_URL.
  await prepareDatabase(migrationTargetFromEnv(), (line) => console.log(`[db] ${line}`));
}

main().catch((error: unknown) => {
  console.error(`[db] start-up stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
