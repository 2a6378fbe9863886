// Run by playwright.config.ts before the server starts: migrate and seed the throwaway database as
// `npm start` would, then add the e2e-only accounts (e2e/test-accounts.ts). Idempotent.
import { databaseTargetFromEnv } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { prepareDatabase } from '../server/db/prepare-database';
import { serviceContext } from '../server/services/context';
import { createUser } from '../server/services/users/create-user';
import { seedCrowdTenant } from './support/crowd-tenant';
import { E2E_ACCOUNTS } from './test-accounts';

async function main() {
  const target = databaseTargetFromEnv();
  await prepareDatabase(target);
  const db = await openDatabase(target);
  try {
    for (const { email, name, password, actorRef } of E2E_ACCOUNTS) {
      if (await db.prisma.user.findUnique({ where: { email } })) continue;
      await createUser({ ctx: serviceContext(db.prisma), input: { email, name, password, actorRef, tenantRef: 'berlin' } });
    }
    await seedCrowdTenant(db.prisma);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[e2e] database preparation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
