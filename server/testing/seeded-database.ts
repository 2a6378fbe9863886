// A fresh test database holding the demo data, plus tRPC callers acting as any demo person.
import { createCaller } from '../api/root';
import { createContextInner, type SessionLike } from '../api/trpc';
import type { PrismaClient } from '../db/generated/client';
import type { Database } from '../db/open-database';
import { startSession } from '../services/account/start-session';
import { serviceContext, type ServiceContext } from '../services/context';
import { seedDemo } from '../services/seed/seed-demo';
import { createTestDatabase } from './test-database';

/** The fixed "now" of seeded tests, so relative data (threads, diagnostics) is reproducible. */
export const SEED_NOW = new Date('2026-11-30T12:00:00.000Z');

export interface SeededDatabase extends Database {
  /** The service context of the seed: this database, the clock fixed at SEED_NOW, real ids. */
  ctx: ServiceContext<PrismaClient>;
  userId(email: string): Promise<string>;
  /** A new signed-in session of `email` (a user_session row started at SEED_NOW). */
  sessionOf(email: string, userAgent?: string): Promise<SessionLike>;
  /** A tRPC caller signed in as `email` (or signed out with null), with no Next involved; its clock is SEED_NOW. */
  callerAs(email: string | null): Promise<ReturnType<typeof createCaller>>;
}

export async function createSeededDatabase(): Promise<SeededDatabase> {
  const db = await createTestDatabase();
  const ctx = serviceContext(db.prisma, { now: () => SEED_NOW });
  await seedDemo({ ctx });
  const userId = async (email: string) => (await db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
  const sessionOf = async (email: string, userAgent?: string): Promise<SessionLike> => {
    const id = await userId(email);
    return { userId: id, sessionId: await startSession({ ctx, input: { userId: id, userAgent: userAgent ?? null } }) };
  };
  return {
    ...db,
    ctx,
    userId,
    sessionOf,
    callerAs: async (email) =>
      createCaller(createContextInner({ session: email ? await sessionOf(email) : null, db: db.prisma, deps: { now: ctx.now } })),
  };
}
