// Run by `npm start` and `npm run dev` (scripts/start.ts) after its checks and before the server
// starts. A failed migration stops start-up here, with a message saying what to fix; so do demo
// accounts with their published password on a console that serves other machines (HOST).
import { config } from '../server/config/env';
import { migrationTargetFromEnv } from '../server/db/config';
import { prepareDatabase } from '../server/db/prepare-database';

async function main() {
  // Migrates as MIGRATION_DATABASE_URL when set; the server itself then runs as DATABASE_URL.
  await prepareDatabase(migrationTargetFromEnv(), (line) => console.log(`[db] ${line}`), { host: config().HOST });
}

main().catch((error: unknown) => {
  console.error(`[db] start-up stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
