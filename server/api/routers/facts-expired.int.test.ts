// Expired facts on the Facts page and a muted fact's pin (docs/features.md "Published facts",
// docs/concepts.md "The life of a memory"), through the routers, for every persona: the "Expired"
// filter lists what expired and when; Extend brings one back at the version seen, audited, before
// the expiry job deletes it; pinning a muted fact is refused (restore it first), one or many.
// Runs on PGlite and PostgreSQL.
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../services/context';
import { sweepExpiredMemories } from '../../services/life/sweep-expired-memories';
import { ALICE, BOB, GINA, addHamburgAdmin, HAMBURG_ADMIN } from '../../testing/facts-personas';
import { errorOf, reasonOf } from '../../testing/trpc-error';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();
const DAY = 86_400_000;
const at = (ms: number) => new Date(SEED_NOW.getTime() + ms);
const row = (scope: string, key: string) => db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope, key } } });

/** Publishes a Berlin fact and expires it now, as an administrator would. */
async function expiredFact(key: string) {
  const bob = await db.callerAs(BOB);
  const saved = await bob.facts.save({ scope: 'tenant:berlin', key, text: `The ${key} rule.`, expectedVersion: 0 });
  await expect(bob.facts.act({ ids: [saved.id], action: 'expire' })).resolves.toMatchObject({ counts: { done: 1 } });
  return saved;
}

describe('expired facts', () => {
  it('are listed under the expired filter with when they expired, and only there', async () => {
    const fact = await expiredFact('old-parking');
    const bob = await db.callerAs(BOB);
    const current = await bob.facts.list({ limit: 100 });
    expect(current.facts.map((item) => item.key)).not.toContain('old-parking');
    expect(current.facts.every((item) => item.state !== 'expired')).toBe(true);
    const expired = await bob.facts.list({ limit: 100, view: 'expired' });
    expect(expired.facts.find((item) => item.id === fact.id)).toMatchObject({
      state: 'expired',
      expiresAt: SEED_NOW.toISOString(),
      deleteAfter: at(30 * DAY).toISOString(),
      canEdit: true,
    });
    // A fact past its date counts at once, before the job moves it.
    await db.prisma.agentMemory.update({
      where: { scope_key: { scope: 'tenant:berlin', key: 'expense-limit' } },
      data: { expiresAt: at(-1000) },
    });
    const keys = (await bob.facts.list({ limit: 100, view: 'expired' })).facts.map((item) => item.key);
    expect(keys).toEqual(expect.arrayContaining(['old-parking', 'expense-limit']));
    await db.prisma.agentMemory.update({
      where: { scope_key: { scope: 'tenant:berlin', key: 'expense-limit' } },
      data: { expiresAt: null },
    });
  });

  it('an administrator of another organisation does not see them; a member may not list facts', async () => {
    await expiredFact('old-canteen');
    await addHamburgAdmin(db);
    const hamburg = await db.callerAs(HAMBURG_ADMIN);
    const keys = (await hamburg.facts.list({ limit: 100, view: 'expired' })).facts.map((item) => item.key);
    expect(keys).not.toContain('old-canteen');
    const alice = await db.callerAs(ALICE);
    expect((await errorOf(alice.facts.list({ limit: 10, view: 'expired' }))).code).toBe('FORBIDDEN');
  });

  it('extending one brings it back into the current list, at the version seen, audited', async () => {
    const fact = await expiredFact('old-lockers');
    const bob = await db.callerAs(BOB);
    const until = at(90 * DAY).toISOString();
    await expect(bob.facts.extend({ id: fact.id, expectedVersion: fact.version, expiresAt: until })).resolves.toEqual({
      id: fact.id,
      state: 'active',
      expiresAt: until,
      version: fact.version,
    });
    expect(await row('tenant:berlin', 'old-lockers')).toMatchObject({ state: 'active', expiredAt: null, expiresAt: new Date(until) });
    expect((await bob.facts.list({ limit: 100 })).facts.map((item) => item.key)).toContain('old-lockers');
    expect((await bob.facts.list({ limit: 100, view: 'expired' })).facts.map((item) => item.key)).not.toContain('old-lockers');
    const audit = await db.prisma.auditEvent.findMany({ where: { memoryId: fact.id, action: 'memory.expiry-set' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ key: 'old-lockers', before: expect.objectContaining({ state: 'expired' }) });
    expect(audit[0]!.after).toMatchObject({ state: 'active', expiresAt: until });
  });

  it('refuses a date in the past or more than ten years out, naming the field', async () => {
    const fact = await expiredFact('old-keys');
    const bob = await db.callerAs(BOB);
    const past = await errorOf(bob.facts.extend({ id: fact.id, expectedVersion: fact.version, expiresAt: at(-1000).toISOString() }));
    expect([past.code, past.message]).toEqual(['BAD_REQUEST', 'expiresAt must be in the future']);
    const far = await errorOf(bob.facts.extend({ id: fact.id, expectedVersion: fact.version, expiresAt: at(3700 * DAY).toISOString() }));
    expect(far.code).toBe('BAD_REQUEST');
    expect(far.message).toMatch(/expiresAt must be at most 10 years from now/);
    expect((await row('tenant:berlin', 'old-keys')).state).toBe('expired');
  });

  it('a stale version is a conflict and changes nothing', async () => {
    const fact = await expiredFact('old-bikes');
    const bob = await db.callerAs(BOB);
    await bob.facts.save({ scope: 'tenant:berlin', key: 'old-bikes', text: 'Edited meanwhile.', expectedVersion: fact.version });
    await bob.facts.act({ ids: [fact.id], action: 'expire' });
    const stale = await errorOf(bob.facts.extend({ id: fact.id, expectedVersion: fact.version, expiresAt: at(DAY).toISOString() }));
    expect(stale.code).toBe('CONFLICT');
    expect((await row('tenant:berlin', 'old-bikes')).state).toBe('expired');
  });

  it('an administrator of another organisation gets 404, a member is refused, a global administrator may', async () => {
    const fact = await expiredFact('old-printers');
    const input = { id: fact.id, expectedVersion: fact.version, expiresAt: at(DAY).toISOString() };
    await addHamburgAdmin(db);
    expect((await errorOf((await db.callerAs(HAMBURG_ADMIN)).facts.extend(input))).code).toBe('NOT_FOUND');
    expect((await errorOf((await db.callerAs(ALICE)).facts.extend(input))).code).toBe('FORBIDDEN');
    expect((await row('tenant:berlin', 'old-printers')).state).toBe('expired');
    await expect((await db.callerAs(GINA)).facts.extend(input)).resolves.toMatchObject({ state: 'active' });
  });

  it('extending before the job deletes it keeps it; after that it is gone (404)', async () => {
    const kept = await expiredFact('old-shuttle');
    const lost = await expiredFact('old-fax');
    const bob = await db.callerAs(BOB);
    // The job moves nothing new (both expired by hand), then 29 days later: extend one.
    await bob.facts.extend({ id: kept.id, expectedVersion: kept.version, expiresAt: at(60 * DAY).toISOString() });
    const ctxAt = (now: Date) => serviceContext(db.prisma, { now: () => now });
    const swept = await sweepExpiredMemories({ ctx: ctxAt(at(31 * DAY)) });
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.agentMemory.findUnique({ where: { id: lost.id } })).toBeNull();
    expect(await row('tenant:berlin', 'old-shuttle')).toMatchObject({ state: 'active' });
    const gone = await errorOf(bob.facts.extend({ id: lost.id, expectedVersion: lost.version, expiresAt: at(60 * DAY).toISOString() }));
    expect(gone.code).toBe('NOT_FOUND');
  });
});

describe('pinning a muted fact', () => {
  it('is refused with the reason, one at a time and when saved pinned; restoring first lets it be pinned', async () => {
    const bob = await db.callerAs(BOB);
    const fact = await bob.facts.save({ scope: 'tenant:berlin', key: 'quiet-hours', text: 'Quiet from 22:00.', expectedVersion: 0 });
    await bob.facts.act({ ids: [fact.id], action: 'mute' });
    const single = await errorOf(bob.facts.setPinned({ id: fact.id, pinned: true, expectedVersion: fact.version }));
    expect([single.code, reasonOf(single)]).toEqual(['CONFLICT', 'MUTED_FACT']);
    expect(single.message).toMatch(/Restore it \(unmute it\) first/);
    const saved = await errorOf(
      bob.facts.save({
        scope: 'tenant:berlin',
        key: 'quiet-hours',
        text: 'Quiet from 22:00.',
        pinned: true,
        expectedVersion: fact.version,
      }),
    );
    expect([saved.code, reasonOf(saved)]).toEqual(['CONFLICT', 'MUTED_FACT']);
    expect(await row('tenant:berlin', 'quiet-hours')).toMatchObject({ state: 'muted', pinned: false, version: fact.version });
    expect(await db.prisma.auditEvent.count({ where: { memoryId: fact.id, action: 'memory.pinned' } })).toBe(0);
    // Unpinning (nothing to do) and saving it unpinned stay possible while muted.
    await bob.facts.act({ ids: [fact.id], action: 'unmute' });
    await expect(bob.facts.setPinned({ id: fact.id, pinned: true, expectedVersion: fact.version })).resolves.toMatchObject({
      pinned: true,
    });
  });

  it('muting a pinned fact is refused too, per fact in a batch', async () => {
    const bob = await db.callerAs(BOB);
    const pinned = await bob.facts.save({ scope: 'tenant:berlin', key: 'fire-drill', text: 'Fire drill on Mondays.', pinned: true });
    const plain = await bob.facts.save({ scope: 'tenant:berlin', key: 'fire-exit', text: 'Exit by the east stairs.' });
    const result = await bob.facts.act({ ids: [pinned.id, plain.id], action: 'mute' });
    const by = new Map(result.results.map((item) => [item.id, item]));
    expect(by.get(pinned.id)).toMatchObject({ outcome: 'refused', reason: 'PINNED_FACT' });
    expect(by.get(plain.id)).toEqual({ id: plain.id, outcome: 'done' });
    const again = await errorOf(bob.facts.setPinned({ id: plain.id, pinned: true, expectedVersion: plain.version }));
    expect(reasonOf(again)).toBe('MUTED_FACT');
  });

  it('a pin racing a mute: exactly one happens, never a pinned fact that is muted', async () => {
    const [first, second] = [await db.callerAs(BOB), await db.callerAs(BOB)];
    for (let round = 0; round < 3; round += 1) {
      const fact = await first.facts.save({ scope: 'tenant:berlin', key: `race-pin-${round}`, text: 'Race.', expectedVersion: 0 });
      const [pin, mute] = await Promise.allSettled([
        first.facts.setPinned({ id: fact.id, pinned: true, expectedVersion: fact.version }),
        second.facts.act({ ids: [fact.id], action: 'mute' }),
      ]);
      const muted = mute.status === 'fulfilled' && mute.value.counts.done === 1;
      const pinned = pin.status === 'fulfilled';
      expect([pinned, muted].filter(Boolean)).toHaveLength(1);
      if (pin.status === 'rejected') expect(reasonOf(pin.reason as TRPCError)).toBe('MUTED_FACT');
      if (!muted) expect(mute.status === 'fulfilled' && mute.value.results[0]).toMatchObject({ reason: 'PINNED_FACT' });
      const after = await row('tenant:berlin', `race-pin-${round}`);
      expect(after.pinned && after.state === 'muted').toBe(false);
    }
  });
});
