// A fresh test database holding the demo data, plus tRPC callers acting as any demo person. The
// demo data is seeded once per run into a template (see global-setup.ts); each file gets a copy.
import { createCaller } from '../api/root';
import { createContextInner, type CreateContextOptions, type SessionLike } from '../api/trpc';
import type { PrismaClient } from '../db/generated/client';
import { readRunnerOf, type Database } from '../db/open-database';
import { afterAll, beforeAll } from 'vitest';
import { startSession } from '../services/account/start-session';
import { serviceContext, type ServiceContext } from '../services/context';
import { SEED_NOW } from './seed-clock';
import { createTestDatabase } from './test-database';

export { SEED_NOW };

export interface SeededDatabase extends Database {
  /**
   * The service context of the seed: this database, the clock fixed at SEED_NOW, real ids, and on
   * PostgreSQL the pool for read statements, as the app's requests have it (`readRunnerOf`).
   */
  ctx: ServiceContext<PrismaClient>;
  userId(email: string): Promise<string>;
  /** A new signed-in session of `email` (a user_session row started at SEED_NOW). */
  sessionOf(email: string, userAgent?: string): Promise<SessionLike>;
  /**
   * A tRPC caller signed in as `email` (or signed out with null), with no Next involved; its clock
   * is SEED_NOW. Every call is a separate request.
   */
  callerAs(email: string | null, options?: Pick<CreateContextOptions, 'webhookPolicy'>): Promise<ReturnType<typeof createCaller>>;
}

export async function createSeededDatabase(): Promise<SeededDatabase> {
  const db = await createTestDatabase('seeded');
  const sql = readRunnerOf(db);
  const ctx = serviceContext(db.prisma, { now: () => SEED_NOW, ...(sql ? { sql } : {}) });
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
    callerAs: async (email, options = {}) => {
      const session = email ? await sessionOf(email) : null;
      // A context per call: each call is a request of its own, with the viewer loaded afresh.
      return createCaller(() =>
        createContextInner({ session, db: db.prisma, deps: { now: ctx.now, ...(sql ? { sql } : {}) }, ...options }),
      );
    },
  };
}

/**
 * Registers beforeAll/afterAll hooks that give the calling file (or describe block) its own copy
 * of the seeded database and close it afterwards. The returned object stands for that database
 * once the hooks have run; touching it earlier (at collection time) throws.
 */
export function useSeededDatabase(): SeededDatabase {
  let current: SeededDatabase | undefined;
  beforeAll(async () => {
    current = await createSeededDatabase();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as SeededDatabase, {
    get(_target, property) {
      if (!current) {
        throw new Error(`useSeededDatabase: the database is open only inside hooks and tests (read .${String(property)}).`);
      }
      return Reflect.get(current, property);
    },
    has: (_target, property) => current !== undefined && property in current,
  });
}
