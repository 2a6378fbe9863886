// A fresh test database holding the demo data, plus tRPC callers acting as any demo person. The
// demo data is seeded once per run into a template (see global-setup.ts); each file gets a copy.
import { createCaller } from '../api/root';
import { createContextInner, type SessionLike } from '../api/trpc';
import type { Database } from '../db/open-database';
import { serviceDeps, type ServiceDeps } from '../services/deps';
import { startSession } from '../services/account/start-session';
import { afterAll, beforeAll } from 'vitest';
import { SEED_NOW } from './seed-clock';
import { createTestDatabase } from './test-database';

export { SEED_NOW };

export interface SeededDatabase extends Database {
  deps: ServiceDeps;
  userId(email: string): Promise<string>;
  /** A new signed-in session of `email` (a user_session row started at SEED_NOW). */
  sessionOf(email: string, userAgent?: string): Promise<SessionLike>;
  /** A tRPC caller signed in as `email` (or signed out with null), with no Next involved; its clock is SEED_NOW. */
  callerAs(email: string | null): Promise<ReturnType<typeof createCaller>>;
}

export async function createSeededDatabase(): Promise<SeededDatabase> {
  const db = await createTestDatabase('seeded');
  const deps = serviceDeps(db.prisma, { now: () => SEED_NOW });
  const userId = async (email: string) => (await db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
  const sessionOf = async (email: string, userAgent?: string): Promise<SessionLike> => {
    const id = await userId(email);
    return { userId: id, sessionId: await startSession(deps, { userId: id, userAgent: userAgent ?? null }) };
  };
  return {
    ...db,
    deps,
    userId,
    sessionOf,
    callerAs: async (email) =>
      createCaller(createContextInner({ session: email ? await sessionOf(email) : null, db: db.prisma, deps: { now: deps.now } })),
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
