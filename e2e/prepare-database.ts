// Run by playwright.config.ts before the first console starts: migrate and seed the throwaway
// database as `npm start` would (on PostgreSQL, as `npm run db:seed` would, into a database made
// empty first), then add the e2e-only accounts (e2e/test-accounts.ts). The other consoles (one per
// worker, e2e/support/consoles.ts) start from copies of the finished database — folders or
// PostgreSQL URLs named in E2E_COPY_DATA_TO (comma-separated): copying is much cheaper than
// preparing again.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { LOCK_FILE } from '../server/db/folder-lock';
import { databaseTargetFromEnv, dataDirFromEnv } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { prepareDatabase } from '../server/db/prepare-database';
import { serviceContext } from '../server/services/context';
import { seedDemo } from '../server/services/seed/seed-demo';
import { createUser } from '../server/services/users/create-user';
import { writeMemory } from '../server/services/memories/write-memory';
import { agentWriter } from '../server/services/memories/writer';
import { seedCrowdTenant } from './support/crowd-tenant';
import { copyDatabase, recreateEmptyDatabase } from './support/postgres-consoles';
import { seedLongReviewKey } from './support/long-review-key';
import { seedPublishingKey } from './support/publishing-key';
import { E2E_ACCOUNTS, ROWS_ACCOUNT_GUESSES } from './test-accounts';

async function main() {
  const target = databaseTargetFromEnv();
  if (target.kind === 'postgres') await recreateEmptyDatabase(target.url);
  await prepareDatabase(target);
  const db = await openDatabase(target);
  try {
    // Only a new embedded database is seeded at start (docs/operations.md "Running on PostgreSQL").
    if (target.kind === 'postgres') await seedDemo({ ctx: serviceContext(db.prisma) });
    for (const { email, name, password, actorRef } of E2E_ACCOUNTS) {
      if (await db.prisma.user.findUnique({ where: { email } })) continue;
      await createUser({ ctx: serviceContext(db.prisma), input: { email, name, password, actorRef, tenantRef: 'berlin' } });
    }
    // The assistant's guesses about the rows account, written as the runtime writes them.
    const rows = agentWriter({ actorRef: 'e2e-rows', scopes: ['actor:e2e-rows', 'tenant:berlin', 'global'] });
    for (const { key, text } of ROWS_ACCOUNT_GUESSES) {
      if (await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'actor:e2e-rows', key } } })) continue;
      await writeMemory({ ctx: serviceContext(db.prisma), input: { writer: rows, scope: 'actor:e2e-rows', key, text } });
    }
    await seedCrowdTenant(db.prisma);
    await seedLongReviewKey(db.prisma);
    await seedPublishingKey(db.prisma);
  } finally {
    await db.close();
  }
  const copies = (process.env.E2E_COPY_DATA_TO ?? '').split(',').filter(Boolean);
  if (target.kind === 'postgres') {
    await copyDatabase(target.url, copies);
    return;
  }
  const source = dataDirFromEnv();
  for (const copy of copies) {
    cpSync(source, copy, { recursive: true, filter: (file) => path.basename(file) !== LOCK_FILE });
  }
}

main().catch((error: unknown) => {
  console.error(`[e2e] database preparation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
