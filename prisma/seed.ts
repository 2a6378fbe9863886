// `npm run db:seed`: creates the demo data (idempotent) in the configured database.
import { databaseTargetFromEnv, describeTarget } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { serviceDeps } from '../server/services/deps';
import { seedDemo } from '../server/services/seed/seed-demo';

async function main() {
  const target = databaseTargetFromEnv();
  const db = await openDatabase(target, { log: (line) => console.log(line) });
  try {
    const result = await seedDemo(serviceDeps(db.prisma));
    console.log(`Seeded ${describeTarget(target)}: ${result.memoriesCreated} memories and ${result.eventsCreated} diagnostic events created.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
