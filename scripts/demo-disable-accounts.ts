// `npm run demo:disable-accounts`: disables the demo accounts that still sign in with the password
// "demo" (server/services/seed/disable-demo-accounts.ts), on the database the console uses — the
// same environment and .env files as `npm start` — so that it may serve beyond this machine
// (HOST, docs/sign-in-and-network.md). Safe to run again: it only disables what is still open.
import path from 'node:path';
import { loadEnvFiles } from '../server/config/env-files';
import { databaseTargetFromEnv, describeTarget } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { serviceContext } from '../server/services/context';
import { disableDemoAccounts } from '../server/services/seed/disable-demo-accounts';

async function main() {
  loadEnvFiles(path.resolve(import.meta.dirname, '..'), false);
  const target = databaseTargetFromEnv();
  const db = await openDatabase(target, { log: (line) => console.log(line) });
  try {
    const disabled = await disableDemoAccounts({ ctx: serviceContext(db.prisma) });
    console.log(
      disabled.length === 0
        ? `No demo account on ${describeTarget(target)} signs in with the demo password.`
        : `Disabled ${disabled.length} demo account(s) on ${describeTarget(target)}: ${disabled.join(', ')}.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
