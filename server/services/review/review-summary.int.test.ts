// The review summary is kept by a trigger on agent_memory (docs/architecture.md "The review
// queue"): whatever writes conclusions — services, raw SQL, bulk loads, concurrent requests — it
// must equal a recomputation.
import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();

interface SummaryRow {
  tenantRef: string;
  key: string;
  text: string;
  people: number;
  newestAt: Date;
}

const summary = () =>
  db.prisma.$queryRaw<SummaryRow[]>`
    SELECT "tenantRef", "key", "text", "people", "newestAt" FROM "review_summary" ORDER BY 1, 2, 3`;

const recomputed = () =>
  db.prisma.$queryRaw<SummaryRow[]>`
    SELECT "tenantRef", "key", "text", count(*)::int AS "people", max("updatedAt") AS "newestAt" FROM "agent_memory"
     WHERE "author" = 'agent' AND "scope" LIKE 'actor:%' AND "tenantRef" IS NOT NULL AND "state" = 'active'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the review summary', () => {
  it('starts equal to a recomputation of the seeded conclusions', async () => {
    expect((await summary()).length).toBeGreaterThan(0);
    expect(await summary()).toEqual(await recomputed());
  });

  it('stays equal after a random mix of inserts, edits, moves and deletes', async () => {
    const next = random(20261202);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const keys = ['k-a', 'k-b', 'k-c'] as const;
    const texts = ['Likes tea.', 'Likes green tea.', 'Prefers coffee.'] as const;
    const actors = Array.from({ length: 12 }, (_, i) => `mix${i}`);
    for (let step = 0; step < 250; step++) {
      const actor = pick(actors);
      const key = pick(keys);
      const scope = `actor:${actor}`;
      const at = new Date(Date.UTC(2026, 10, 1, 0, Math.floor(next() * 5000)));
      const roll = next();
      if (roll < 0.45) {
        await db.prisma.$executeRaw`
          INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "actorRef", "updatedAt")
          VALUES (${`mem_mix_${step}`}, ${key}, ${pick(texts)}, ${scope}, ${pick(['berlin', 'hamburg'])}, ${pick(['agent', 'agent', 'human'])}::"Author", ${actor}, ${at})
          ON CONFLICT ("scope", "key") DO UPDATE SET "text" = EXCLUDED."text", "updatedAt" = EXCLUDED."updatedAt"`;
      } else if (roll < 0.65) {
        await db.prisma.agentMemory.updateMany({ where: { scope, key }, data: { text: pick(texts), updatedAt: at } });
      } else if (roll < 0.75) {
        await db.prisma.agentMemory.updateMany({ where: { scope, key }, data: { author: pick(['agent', 'human'] as const) } });
      } else if (roll < 0.78) {
        // Muting, expiring and restoring move a conclusion out of its wording's count and back.
        await db.prisma.agentMemory.updateMany({ where: { scope, key }, data: { state: pick(['active', 'muted', 'expired'] as const) } });
      } else if (roll < 0.8) {
        await db.prisma.agentMemory.updateMany({ where: { scope, key }, data: { key: pick(keys) === key ? `${key}-moved` : key } });
      } else if (roll < 0.95) {
        await db.prisma.agentMemory.deleteMany({ where: { scope, key } });
      } else {
        await db.prisma.agentMemory.deleteMany({ where: { scope } });
      }
    }
    expect(await summary()).toEqual(await recomputed());
  });

  it('stays equal when many people write and delete the same conclusion at once', async () => {
    const actors = Array.from({ length: 16 }, (_, i) => `race${i}`);
    const write = (actor: string, i: number) =>
      db.prisma.$transaction(async (tx) => {
        await tx.agentMemory.create({
          data: {
            id: `mem_race_${actor}`,
            key: 'race-key',
            text: 'Races to the summary.',
            scope: `actor:${actor}`,
            tenantRef: 'berlin',
            author: 'agent',
            actorRef: actor,
            updatedAt: new Date(Date.UTC(2026, 10, 2, 0, i)),
          },
        });
      });
    await Promise.all(actors.map(write));
    expect(await summary()).toEqual(await recomputed());
    expect((await summary()).find((row) => row.key === 'race-key')?.people).toBe(16);
    await Promise.all(actors.slice(0, 10).map((actor) => db.prisma.agentMemory.delete({ where: { id: `mem_race_${actor}` } })));
    expect(await summary()).toEqual(await recomputed());
    await Promise.all(actors.slice(10).map((actor) => db.prisma.agentMemory.delete({ where: { id: `mem_race_${actor}` } })));
    expect((await summary()).find((row) => row.key === 'race-key')).toBeUndefined();
  });
});
