// `npm run db:seed`: migrates the configured database, then adds the demo organisation. Safe to
// run again: it only adds demo items it never created before (see
// server/services/seed/load-seed-markers.ts), so what people deleted stays deleted.
import path from 'node:path';
import { loadEnvFiles } from '../server/config/env-files';
import { databaseTargetFromEnv, describeTarget } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { serviceContext } from '../server/services/context';
import { seedDemo } from '../server/services/seed/seed-demo';

/** Two seeds at once on one PostgreSQL database take turns (an embedded folder has its own lock). */
const SEED_ADVISORY_LOCK = 72_707_365;

async function main() {
  // The .env files too, as `npm start` and the server read them (server/config/env-files.ts).
  loadEnvFiles(path.resolve(import.meta.dirname, '..'), false);
  const target = databaseTargetFromEnv();
  const db = await openDatabase(target, { log: (line) => console.log(line) });
  try {
    if (target.kind === 'postgres') await db.sql.query('SELECT pg_advisory_lock($1)', [SEED_ADVISORY_LOCK]);
    const result = await seedDemo({ ctx: serviceContext(db.prisma) });
    const users = await db.prisma.user.count();
    console.log(
      `Seeded ${describeTarget(target)}: ${result.memoriesCreated} memories and ${result.eventsCreated} diagnostic events created; ${users} users in total.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
