// Which demo items the seed has already created, one marker row each. An item with a marker is
// never created again, even when it no longer exists: a person deleted it, and that stands.
import type { ServiceContext } from '../context';

/** The marker key of each kind of demo item. */
export const seedItemKey = {
  tenant: (ref: string) => `tenant:${ref}`,
  scope: (token: string) => `scope:${token}`,
  user: (email: string) => `user:${email}`,
  membership: (email: string, scope: string) => `membership:${email}:${scope}`,
  grant: (email: string, role: string, scope: string) => `grant:${email}:${role}:${scope}`,
  thread: (id: string) => `thread:${id}`,
  memory: (scope: string, key: string) => `memory:${scope}:${key}`,
  diagnostics: () => 'diagnostics:demo',
};

export interface SeedMarkers {
  /** Runs `create` unless `key` was seeded before, then marks `key`; whether `create` ran. */
  once(key: string, create: () => Promise<unknown>): Promise<boolean>;
}

export async function loadSeedMarkers({ ctx }: { ctx: ServiceContext }): Promise<SeedMarkers> {
  const seeded = new Set((await ctx.db.seededItem.findMany({ select: { key: true } })).map((row) => row.key));
  return {
    async once(key, create) {
      if (seeded.has(key)) return false;
      await create();
      // skipDuplicates: a seed running at the same moment may have marked it too.
      await ctx.db.seededItem.createMany({ data: [{ key }], skipDuplicates: true });
      seeded.add(key);
      return true;
    },
  };
}
