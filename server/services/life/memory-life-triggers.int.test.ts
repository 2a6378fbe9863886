// The triggers that keep derived counts (docs/architecture.md "The read path", "The review queue")
// react to a memory's state: muting, expiring and restoring change what a shared scope holds and
// what a wording's review count is, in the writing transaction.
import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();

async function generation(scope: string): Promise<bigint> {
  const rows = await db.prisma.$queryRaw<{ generation: bigint }[]>`SELECT "generation" FROM "scope_generation" WHERE "scope" = ${scope}`;
  return rows[0]?.generation ?? 0n;
}

async function people(tenantRef: string, key: string, text: string): Promise<number> {
  const rows = await db.prisma.$queryRaw<{ people: number }[]>`
    SELECT "people" FROM "review_summary" WHERE "tenantRef" = ${tenantRef} AND "key" = ${key} AND "text" = ${text}`;
  return rows[0]?.people ?? 0;
}

describe('scope_generation', () => {
  it('is bumped when a shared fact is muted, expired or restored, and not for other changes', async () => {
    const fact = await db.prisma.agentMemory.findFirstOrThrow({ where: { scope: 'tenant:berlin' } });
    const start = await generation('tenant:berlin');
    await db.prisma.agentMemory.update({ where: { id: fact.id }, data: { state: 'muted', mutedAt: new Date() } });
    expect(await generation('tenant:berlin')).toBe(start + 1n);
    await db.prisma.agentMemory.update({ where: { id: fact.id }, data: { state: 'expired', expiredAt: new Date() } });
    expect(await generation('tenant:berlin')).toBe(start + 2n);
    await db.prisma.agentMemory.update({ where: { id: fact.id }, data: { state: 'active', expiredAt: null, mutedAt: null } });
    expect(await generation('tenant:berlin')).toBe(start + 3n);
    // A change that leaves key, scope and state alone holds the same keys.
    await db.prisma.agentMemory.update({
      where: { id: fact.id },
      data: { expiresAt: new Date(Date.UTC(2030, 0, 1)), confirmedAt: new Date() },
    });
    expect(await generation('tenant:berlin')).toBe(start + 3n);
  });

  it('is not bumped for a person’s own scope', async () => {
    const own = await db.prisma.agentMemory.findFirstOrThrow({ where: { scope: 'actor:u1' } });
    await db.prisma.agentMemory.update({ where: { id: own.id }, data: { state: 'muted' } });
    expect(await generation('actor:u1')).toBe(0n);
  });
});

describe('review_summary', () => {
  it('counts active conclusions only: muting or expiring one takes it out, restoring puts it back', async () => {
    const conclusion = await db.prisma.agentMemory.findFirstOrThrow({
      where: { author: 'agent', scope: { startsWith: 'actor:' }, tenantRef: 'berlin' },
    });
    const before = await people('berlin', conclusion.key, conclusion.text);
    expect(before).toBeGreaterThan(0);
    await db.prisma.agentMemory.update({ where: { id: conclusion.id }, data: { state: 'muted' } });
    expect(await people('berlin', conclusion.key, conclusion.text)).toBe(before - 1);
    await db.prisma.agentMemory.update({ where: { id: conclusion.id }, data: { state: 'expired' } });
    expect(await people('berlin', conclusion.key, conclusion.text)).toBe(before - 1);
    await db.prisma.agentMemory.update({ where: { id: conclusion.id }, data: { state: 'active' } });
    expect(await people('berlin', conclusion.key, conclusion.text)).toBe(before);
  });

  it('does not count a conclusion inserted muted', async () => {
    await db.prisma.agentMemory.create({
      data: {
        id: 'mem_life_inserted_muted',
        key: 'life-inserted',
        text: 'Inserted muted.',
        scope: 'actor:u1',
        tenantRef: 'berlin',
        author: 'agent',
        actorRef: 'u1',
        state: 'muted',
      },
    });
    expect(await people('berlin', 'life-inserted', 'Inserted muted.')).toBe(0);
  });
});
