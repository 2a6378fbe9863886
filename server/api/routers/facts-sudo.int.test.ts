// Sensitive changes need a recent sign-in (docs/operations.md "Sessions"): publishing, pinning or
// deleting a fact for everyone, and lowering an organisation's budget. Ten minutes after signing
// in, they ask for the password; other changes do not.
import { describe, expect, it } from 'vitest';
import { BOB, factId, GINA } from '../../testing/facts-personas';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf, reasonOf } from '../../testing/trpc-error';
import { createCaller } from '../root';
import { createContextInner } from '../trpc';

const db = useSeededDatabase();

/** A caller whose session began at SEED_NOW, acting eleven minutes later. */
async function laterCaller(email: string) {
  const later = new Date(SEED_NOW.getTime() + 11 * 60_000);
  return createCaller(createContextInner({ session: await db.sessionOf(email), db: db.prisma, deps: { now: () => later } }));
}

describe('sudo for facts for everyone', () => {
  it('asks gina for her password, then publishes, pins and deletes with it', async () => {
    const caller = await laterCaller(GINA);
    const refused = await errorOf(caller.facts.save({ scope: 'global', key: 'sudo-fact', text: 'Be kind.' }));
    expect([refused.code, reasonOf(refused)]).toEqual(['FORBIDDEN', 'REAUTH_REQUIRED']);
    expect(await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'global', key: 'sudo-fact' } } })).toBeNull();
    const wrong = await errorOf(caller.facts.save({ scope: 'global', key: 'sudo-fact', text: 'Be kind.', password: 'nope' }));
    expect(reasonOf(wrong)).toBe('REAUTH_FAILED');
    const saved = await caller.facts.save({ scope: 'global', key: 'sudo-fact', text: 'Be kind.', password: 'demo' });
    // The confirmed password renews the window: the next changes go through without it.
    const { peopleOver } = await caller.facts.forecast({ scope: 'global', key: 'sudo-fact' });
    await caller.facts.setPinned({ id: saved.id, pinned: true, expectedVersion: 1, confirmOmissions: peopleOver });
    await caller.facts.delete({ id: saved.id, expectedVersion: 2 });
  });

  it('does not ask bob for his own tenant’s facts', async () => {
    const caller = await laterCaller(BOB);
    await expect(caller.facts.save({ scope: 'tenant:berlin', key: 'no-sudo', text: 'Fine.' })).resolves.toMatchObject({ version: 1 });
    const id = await factId(db, 'tenant:berlin', 'no-sudo');
    await expect(caller.facts.delete({ id, expectedVersion: 1 })).resolves.toEqual({ id });
  });
});

describe('sudo for a lower budget', () => {
  it('asks before lowering maxMemories, not before raising it', async () => {
    const caller = await laterCaller(BOB);
    const current = await caller.tenants.settings({ tenantRef: 'berlin' });
    const lower = { tenantRef: 'berlin', maxMemories: current.maxMemories - 1, maxFactChars: current.maxFactChars };
    const refused = await errorOf(caller.tenants.updateSettings(lower));
    expect([refused.code, reasonOf(refused)]).toEqual(['FORBIDDEN', 'REAUTH_REQUIRED']);
    expect((await caller.tenants.settings({ tenantRef: 'berlin' })).maxMemories).toBe(current.maxMemories);
    const raised = await caller.tenants.updateSettings({ ...lower, maxMemories: current.maxMemories + 1 });
    expect(raised.maxMemories).toBe(current.maxMemories + 1);
    await expect(caller.tenants.updateSettings({ ...lower, password: 'demo' })).resolves.toMatchObject({ maxMemories: lower.maxMemories });
  });
});
