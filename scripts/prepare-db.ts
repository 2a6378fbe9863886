// Run before the server starts: migrate, and give a brand-new embedded database the demo data.
// A failed migration stops start-up here, with the file name and the database's error.
import { databaseTargetFromEnv, describeTarget } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { serviceDeps } from '../server/services/deps';
import { seedDemo } from '../server/services/seed/seed-demo';

async function main() {
  const target = databaseTargetFromEnv();
  const db = await openDatabase(target, { log: (line) => console.log(`[db] ${line}`) });
  try {
    if (target.kind === 'pglite' && (await db.prisma.user.count()) === 0) {
      const result = await seedDemo(serviceDeps(db.prisma));
      console.log(`[db] new embedded database: demo data created (${result.memoriesCreated} memories). Sign in as alice@example.com / demo.`);
    }
    console.log(`[db] ready: ${describeTarget(target)}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[db] start-up stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
