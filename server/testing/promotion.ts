// Helpers for the promotion tests (docs/features.md "Publishing the assistant's conclusions"): the
// demo's conclusions by key and person, and fresh conclusions of the tests' own keys.
import type { SeededDatabase } from './seeded-database';

/** The ids of the assistant's conclusions about `actorRefs` under `key`, in that order. */
export async function conclusionIds(db: SeededDatabase, key: string, actorRefs: string[]): Promise<string[]> {
  const rows = await db.prisma.agentMemory.findMany({
    where: { key, author: 'agent', scope: { in: actorRefs.map((ref) => `actor:${ref}`) } },
  });
  return actorRefs.map((ref) => {
    const row = rows.find((candidate) => candidate.scope === `actor:${ref}`);
    if (!row) throw new Error(`no conclusion ${key} for ${ref}`);
    return row.id;
  });
}

/**
 * Stores what the assistant concluded about each of `actorRefs` (Berlin people) under `key`, as
 * the runtime would have, and returns the ids.
 */
export async function concludeFor(db: SeededDatabase, key: string, actorRefs: string[], text: string): Promise<string[]> {
  const at = db.ctx.now();
  const ids: string[] = [];
  for (const actorRef of actorRefs) {
    const id = db.ctx.newId('mem');
    await db.prisma.agentMemory.create({
      data: { id, key, text, scope: `actor:${actorRef}`, tenantRef: 'berlin', author: 'agent', actorRef, createdAt: at, updatedAt: at },
    });
    ids.push(id);
  }
  return ids;
}
