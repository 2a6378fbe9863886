// Start-up preparation: migrate, and give a brand-new embedded database the demo data. Existing
// data is never re-seeded, so a restart keeps whatever people changed.
import { serviceContext } from '../services/context';
import { seedDemo } from '../services/seed/seed-demo';
import { type DatabaseTarget, describeTarget } from './config';
import { openDatabase } from './open-database';

export interface PrepareResult {
  migrationsApplied: string[];
  seeded: boolean;
  memoriesCreated: number;
}

export async function prepareDatabase(target: DatabaseTarget, log: (line: string) => void = () => {}): Promise<PrepareResult> {
  const db = await openDatabase(target, { log });
  try {
    let memoriesCreated = 0;
    const seeded = target.kind === 'pglite' && (await db.prisma.user.count()) === 0;
    if (seeded) {
      memoriesCreated = (await seedDemo({ ctx: serviceContext(db.prisma) })).memoriesCreated;
      log(`new embedded database: demo data created (${memoriesCreated} memories). Sign in as alice@example.com / demo.`);
    }
    log(`ready: ${describeTarget(target)}`);
    return { migrationsApplied: db.migrations.applied, seeded, memoriesCreated };
  } finally {
    await db.close();
  }
}
