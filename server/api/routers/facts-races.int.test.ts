// Two administrators editing one fact, or one organisation's settings, at the same time: exactly
// one wins, the other gets CONFLICT (409) with the current state. Runs on PGlite and PostgreSQL.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { BOB } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();

async function settle<T>(promises: Promise<T>[]) {
  const results = await Promise.allSettled(promises);
  const conflicts = results.filter((r) => r.status === 'rejected' && r.reason instanceof TRPCError && r.reason.code === 'CONFLICT');
  const others = results.filter((r) => r.status === 'rejected' && !conflicts.includes(r));
  return { won: results.filter((r) => r.status === 'fulfilled').length, conflicts: conflicts.length, others };
}

describe('concurrent administrators', () => {
  it('two edits of one fact at one version: one saves, one is told of the change', async () => {
    const [first, second] = [await db.callerAs(BOB), await db.callerAs(BOB)];
    await first.facts.save({ scope: 'tenant:berlin', key: 'race', text: 'Start.', expectedVersion: 0 });
    const outcome = await settle([
      first.facts.save({ scope: 'tenant:berlin', key: 'race', text: 'From tab one.', expectedVersion: 1 }),
      second.facts.save({ scope: 'tenant:berlin', key: 'race', text: 'From tab two.', expectedVersion: 1 }),
    ]);
    expect(outcome).toMatchObject({ won: 1, conflicts: 1, others: [] });
    const row = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'tenant:berlin', key: 'race' } } });
    expect(row.version).toBe(2);
    expect(await db.prisma.auditEvent.count({ where: { memoryId: row.id } })).toBe(2);
  });

  it('an edit and a delete at one version: exactly one happens', async () => {
    const caller = await db.callerAs(BOB);
    const fact = await caller.facts.save({ scope: 'tenant:berlin', key: 'race-delete', text: 'Start.' });
    const outcome = await settle<unknown>([
      caller.facts.save({ scope: 'tenant:berlin', key: 'race-delete', text: 'Edited.', expectedVersion: 1 }),
      caller.facts.delete({ id: fact.id, expectedVersion: 1 }),
    ]);
    expect(outcome).toMatchObject({ won: 1, conflicts: 1, others: [] });
  });

  it('two settings changes from the same page: one saves, one is told', async () => {
    const caller = await db.callerAs(BOB);
    const current = await caller.tenants.settings({ tenantRef: 'berlin' });
    const outcome = await settle([
      caller.tenants.updateSettings({ tenantRef: 'berlin', maxMemories: 30, maxFactChars: 240, expectedUpdatedAt: current.updatedAt }),
      caller.tenants.updateSettings({ tenantRef: 'berlin', maxMemories: 25, maxFactChars: 240, expectedUpdatedAt: current.updatedAt }),
    ]);
    expect(outcome).toMatchObject({ won: 1, conflicts: 1, others: [] });
    expect(await db.prisma.auditEvent.count({ where: { action: 'tenant.settings-updated' } })).toBe(1);
  });
});
