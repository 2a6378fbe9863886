// A fresh test database holding the demo data, plus tRPC callers acting as any demo person.
import { createCaller } from '../api/root';
import { createContextInner } from '../api/trpc';
import type { Database } from '../db/open-database';
import { serviceDeps, type ServiceDeps } from '../services/deps';
import { seedDemo } from '../services/seed/seed-demo';
import { createTestDatabase } from './test-database';

/** The fixed "now" of seeded tests, so relative data (threads, diagnostics) is reproducible. */
export const SEED_NOW = new Date('2026-11-30T12:00:00.000Z');

export interface SeededDatabase extends Database {
  deps: ServiceDeps;
  userId(email: string): Promise<string>;
  /** A tRPC caller signed in as `email` (or signed out with null), with no Next involved; its clock is SEED_NOW. */
  callerAs(email: string | null): Promise<ReturnType<typeof createCaller>>;
}

export async function createSeededDatabase(): Promise<SeededDatabase> {
  const db = await createTestDatabase();
  const deps = serviceDeps(db.prisma, { now: () => SEED_NOW });
  await seedDemo(deps);
  const userId = async (email: string) => (await db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
  return {
    ...db,
    deps,
    userId,
    callerAs: async (email) =>
      createCaller(
        createContextInner({ session: email ? { userId: await userId(email) } : null, db: db.prisma, deps: { now: deps.now } }),
      ),
  };
}
