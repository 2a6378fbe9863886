// A memory's life through the routers (docs/features.md "Many at once", docs/concepts.md "The life
// of a memory"): muting, expiring, confirming and forgetting one or many, for every persona,
// including the refused ones; per-item results; one audit row per memory changed; the quota; a
// batch racing single edits.
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, GINA, HANA, OLGA } from '../../testing/demo-people';
import { factId } from '../../testing/facts-personas';
import { errorOf, reasonOf } from '../../testing/trpc-error';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();
const row = (scope: string, key: string) => db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope, key } } });
const later = (seconds: number) => new Date(SEED_NOW.getTime() + seconds * 1000).toISOString();
/** The audit rows of a memory after the demo's own (its publication or first save). */
const auditOf = (memoryId: string) =>
  db.prisma.auditEvent.findMany({
    where: { memoryId, action: { notIn: ['memory.saved', 'memory.published'] } },
    orderBy: { seq: 'asc' },
  });

describe('a person on their own memories', () => {
  it('mutes and restores one in one click, audited without key or text', async () => {
    const alice = await db.callerAs(ALICE);
    const team = await row('actor:u1', 'team');
    await expect(alice.memories.setMuted({ id: team.id, muted: true })).resolves.toMatchObject({ outcome: 'done' });
    expect(await row('actor:u1', 'team')).toMatchObject({ state: 'muted', mutedAt: SEED_NOW, version: team.version, text: team.text });
    await expect(alice.memories.setMuted({ id: team.id, muted: true })).resolves.toMatchObject({ outcome: 'unchanged' });
    await expect(alice.memories.setMuted({ id: team.id, muted: false })).resolves.toMatchObject({ outcome: 'done' });
    expect(await row('actor:u1', 'team')).toMatchObject({ state: 'active', mutedAt: null });
    const audit = await auditOf(team.id);
    expect(audit.map((event) => [event.action, event.key])).toEqual([
      ['memory.muted', null],
      ['memory.unmuted', null],
    ]);
    expect(JSON.stringify(audit)).not.toContain(team.text);
  });

  it('may mute their own override of a pinned key: the organisation’s value then applies', async () => {
    const alice = await db.callerAs(ALICE);
    const own = await row('actor:u1', 'fiscal-year');
    expect((await row('global', 'fiscal-year')).pinned).toBe(true);
    await expect(alice.memories.setMuted({ id: own.id, muted: true })).resolves.toMatchObject({ outcome: 'done' });
    await alice.memories.setMuted({ id: own.id, muted: false });
  });

  it('is refused a shared memory (403 with the reason) and never learns of another person’s (404)', async () => {
    const alice = await db.callerAs(ALICE);
    const shared = await errorOf(alice.memories.setMuted({ id: await factId(db, 'tenant:berlin', 'expense-limit'), muted: true }));
    expect([shared.code, reasonOf(shared)]).toEqual(['FORBIDDEN', 'HELD_AT_WIDER_SCOPE']);
    const other = await errorOf(alice.memories.setMuted({ id: (await row('actor:h1', 'shift')).id, muted: true }));
    expect(other.code).toBe('NOT_FOUND');
    expect((await row('actor:h1', 'shift')).state).toBe('active');
  });

  it('forgets several at once and is told, per memory, what was done and what was refused', async () => {
    const alice = await db.callerAs(ALICE);
    const own = await row('actor:u1', 'meeting-length');
    const shared = await factId(db, 'tenant:berlin', 'expense-limit');
    const hanas = (await row('actor:h1', 'forklift-licence')).id;
    const result = await alice.memories.act({ ids: [own.id, shared, hanas, 'mem_nothing'], action: 'forget' });
    expect(result.counts).toEqual({ done: 1, unchanged: 0, 'not-found': 2, refused: 1, 'changed-since': 0 });
    expect(result.results).toEqual(
      expect.arrayContaining([
        { id: own.id, outcome: 'done' },
        expect.objectContaining({ id: shared, outcome: 'refused', reason: 'HELD_AT_WIDER_SCOPE' }),
        { id: hanas, outcome: 'not-found' },
        { id: 'mem_nothing', outcome: 'not-found' },
      ]),
    );
    expect(await db.prisma.agentMemory.findUnique({ where: { id: own.id } })).toBeNull();
    expect(await db.prisma.agentMemory.findUnique({ where: { id: hanas } })).not.toBeNull();
    expect((await auditOf(own.id)).map((event) => [event.action, event.key, event.before])).toEqual([['memory.forgotten', null, null]]);
  });

  it('sets and clears an expiry on several, refusing a date in the past (400 naming the field)', async () => {
    const hana = await db.callerAs(HANA);
    const ids = [(await row('actor:h1', 'forklift-licence')).id, (await row('actor:h1', 'shift')).id];
    const past = await errorOf(hana.memories.act({ ids, action: 'set-expiry', expiresAt: later(-60) }));
    expect([past.code, past.message]).toEqual(['BAD_REQUEST', 'expiresAt must be in the future']);
    const result = await hana.memories.act({ ids, action: 'set-expiry', expiresAt: later(3600) });
    expect(result.counts.done).toBe(2);
    expect((await row('actor:h1', 'shift')).expiresAt?.toISOString()).toBe(later(3600));
    await hana.memories.act({ ids, action: 'set-expiry', expiresAt: null });
    expect((await row('actor:h1', 'shift')).expiresAt).toBeNull();
  });

  it('refuses more than 500 ids in one call', async () => {
    const alice = await db.callerAs(ALICE);
    const ids = Array.from({ length: 501 }, (_, i) => `mem_${String(i).padStart(26, '0')}`);
    expect((await errorOf(alice.memories.act({ ids, action: 'mute' }))).code).toBe('BAD_REQUEST');
  });

  it('selects everything a conversation filter shows, with its kinds, and forgets a conversation', async () => {
    const alice = await db.callerAs(ALICE);
    const selected = await alice.memories.selectMatching({ threadId: 'thr_hamburg_trip' });
    expect(selected).toMatchObject({ total: 1, kinds: { stated: 0, concluded: 1, shared: 0 } });
    const searched = await alice.memories.selectMatching({ query: 'FISCAL' });
    expect(searched.kinds).toEqual({ stated: 0, concluded: 1, shared: 1 });
    const forgotten = await alice.memories.forgetConversation({ threadId: 'thr_hamburg_trip' });
    expect(forgotten.counts.done).toBe(1);
    expect(await db.prisma.agentMemory.count({ where: { scope: 'actor:u1', threadId: 'thr_hamburg_trip' } })).toBe(0);
    // Another person's conversation of the same name is not theirs to forget.
    expect((await (await db.callerAs(HANA)).memories.forgetConversation({ threadId: 'thr_q3_report' })).counts.done).toBe(0);
  });
});

describe('muted and expired, as the person sees them', () => {
  it('lists their own muted and expired memories, an expiry that passed counting at once', async () => {
    const hana = await db.callerAs(HANA);
    expect(await hana.memories.inactive()).toEqual({ muted: [], expired: [] });
    const licence = await row('actor:h1', 'forklift-licence');
    const shift = await row('actor:h1', 'shift');
    await hana.memories.setMuted({ id: licence.id, muted: true });
    await db.prisma.agentMemory.update({ where: { id: shift.id }, data: { expiresAt: new Date(SEED_NOW.getTime() - 1000) } });
    const inactive = await hana.memories.inactive();
    expect(inactive.muted.map((memory) => [memory.key, memory.state])).toEqual([['forklift-licence', 'muted']]);
    expect(inactive.expired).toEqual([
      expect.objectContaining({
        key: 'shift',
        state: 'expired',
        deleteAfter: new Date(SEED_NOW.getTime() - 1000 + 30 * 86_400_000).toISOString(),
      }),
    ]);
    // Nobody else's: Alice sees none of Hana's.
    expect(await (await db.callerAs(ALICE)).memories.inactive()).toEqual({ muted: [], expired: [] });
    await hana.memories.setMuted({ id: licence.id, muted: false });
    await db.prisma.agentMemory.update({ where: { id: shift.id }, data: { expiresAt: null } });
  });
});

describe('the quota', () => {
  it('counts muted memories and not expired ones', async () => {
    const hana = await db.callerAs(HANA);
    const held = await db.prisma.agentMemory.count({ where: { scope: 'actor:h1', author: 'human' } });
    await db.prisma.tenant.update({ where: { ref: 'hamburg' }, data: { maxMemoriesPerPerson: held } });
    try {
      const licence = await row('actor:h1', 'forklift-licence');
      await hana.memories.setMuted({ id: licence.id, muted: true });
      const full = await errorOf(hana.memories.save({ key: 'quota-life', text: 'One too many.' }));
      expect([full.code, reasonOf(full)]).toEqual(['CONFLICT', 'QUOTA_EXCEEDED']);
      await hana.memories.act({ ids: [licence.id], action: 'expire' });
      await expect(hana.memories.save({ key: 'quota-life', text: 'Fits once one expired.' })).resolves.toMatchObject({ version: 1 });
      // Restoring the expired one (saving it again) needs room again.
      const again = await errorOf(hana.memories.save({ key: 'forklift-licence', text: licence.text, expectedVersion: licence.version }));
      expect(reasonOf(again)).toBe('QUOTA_EXCEEDED');
    } finally {
      await db.prisma.tenant.update({ where: { ref: 'hamburg' }, data: { maxMemoriesPerPerson: 500 } });
    }
  });

  it('a re-save restores an expired memory with its new text', async () => {
    const alice = await db.callerAs(ALICE);
    const language = await row('actor:u1', 'answer-language');
    await alice.memories.act({ ids: [language.id], action: 'expire' });
    expect(await row('actor:u1', 'answer-language')).toMatchObject({ state: 'expired', expiredAt: SEED_NOW });
    const saved = await alice.memories.save({ key: 'answer-language', text: 'Answer me in German.', expectedVersion: language.version });
    expect(saved).toMatchObject({ state: 'active', expiresAt: null });
    expect(await row('actor:u1', 'answer-language')).toMatchObject({ state: 'active', expiredAt: null });
  });
});

describe('an administrator on facts', () => {
  it('acts per fact: a pinned one is refused (unpin first), another scope is not found or read-only', async () => {
    const bob = await db.callerAs(BOB);
    const pinned = await factId(db, 'tenant:berlin', 'data-retention');
    const plain = await factId(db, 'tenant:berlin', 'expense-limit');
    const global = await factId(db, 'global', 'units');
    const hamburg = await factId(db, 'tenant:hamburg', 'working-hours');
    const alices = (await row('actor:u1', 'team')).id;
    const result = await bob.facts.act({ ids: [pinned, plain, global, hamburg, alices], action: 'mute' });
    const by = new Map(result.results.map((item) => [item.id, item]));
    expect(by.get(pinned)).toMatchObject({ outcome: 'refused', reason: 'PINNED_FACT' });
    expect(by.get(plain)).toEqual({ id: plain, outcome: 'done' });
    expect(by.get(global)).toMatchObject({ outcome: 'refused', reason: 'NEEDS_GLOBAL_GRANT' });
    expect(by.get(hamburg)).toEqual({ id: hamburg, outcome: 'not-found' });
    expect(by.get(alices)).toEqual({ id: alices, outcome: 'not-found' });
    expect((await row('tenant:berlin', 'data-retention')).state).toBe('active');
    const audit = await auditOf(plain);
    expect(audit.map((event) => [event.action, event.key])).toEqual([['memory.muted', 'expense-limit']]);
    expect(audit[0]!.before).toMatchObject({ text: expect.any(String), state: 'active' });
    await bob.facts.act({ ids: [plain], action: 'unmute' });
  });

  it('unpins and then mutes a pinned fact', async () => {
    const bob = await db.callerAs(BOB);
    const pinned = await row('tenant:berlin', 'data-retention');
    await expect(bob.facts.act({ ids: [pinned.id], action: 'unpin' })).resolves.toMatchObject({ counts: { done: 1 } });
    expect(await row('tenant:berlin', 'data-retention')).toMatchObject({ pinned: false, version: pinned.version + 1 });
    await expect(bob.facts.act({ ids: [pinned.id], action: 'mute' })).resolves.toMatchObject({ counts: { done: 1 } });
  });

  it('confirms at the version seen; a fact changed since is reported, not confirmed', async () => {
    const gina = await db.callerAs(GINA);
    const units = await row('global', 'units');
    const expense = await row('tenant:berlin', 'expense-limit');
    const result = await gina.facts.act({
      ids: [units.id, expense.id],
      action: 'confirm',
      expectedVersions: [
        { id: units.id, version: units.version },
        { id: expense.id, version: expense.version + 5 },
      ],
    });
    expect(result.counts).toMatchObject({ done: 1, 'changed-since': 1 });
    expect((await row('global', 'units')).confirmedAt).toEqual(SEED_NOW);
    expect((await row('tenant:berlin', 'expense-limit')).confirmedAt).toBeNull();
    expect((await auditOf(units.id)).map((event) => event.action)).toEqual(['memory.confirmed']);
  });

  it('extends an expired fact with a new expiry', async () => {
    const bob = await db.callerAs(BOB);
    const expense = await row('tenant:berlin', 'expense-limit');
    await bob.facts.act({ ids: [expense.id], action: 'expire' });
    expect((await row('tenant:berlin', 'expense-limit')).state).toBe('expired');
    await bob.facts.act({ ids: [expense.id], action: 'set-expiry', expiresAt: later(86_400) });
    expect(await row('tenant:berlin', 'expense-limit')).toMatchObject({ state: 'active', expiredAt: null });
  });

  it('deleting a fact for everyone asks for the password again', async () => {
    const gina = await db.callerAs(GINA);
    await db.prisma.userSession.updateMany({ data: { createdAt: new Date(SEED_NOW.getTime() - 3_600_000), reauthenticatedAt: null } });
    const units = await factId(db, 'global', 'units');
    const refused = await errorOf(gina.facts.act({ ids: [units], action: 'delete' }));
    expect(reasonOf(refused)).toBe('REAUTH_REQUIRED');
    expect(await db.prisma.agentMemory.findUnique({ where: { id: units } })).not.toBeNull();
  });

  it('makes several always on at once: a muted one is refused, one audit row per fact, and again: unchanged', async () => {
    const bob = await db.callerAs(BOB);
    const expense = await row('tenant:berlin', 'expense-limit');
    const badges = await row('tenant:berlin', 'visitor-badges');
    const printer = await row('tenant:berlin', 'printer-room');
    await bob.facts.act({ ids: [printer.id], action: 'mute' });
    const result = await bob.facts.act({ ids: [expense.id, badges.id, printer.id], action: 'pin' });
    const by = new Map(result.results.map((item) => [item.id, item]));
    expect(by.get(expense.id)).toEqual({ id: expense.id, outcome: 'done' });
    expect(by.get(badges.id)).toEqual({ id: badges.id, outcome: 'done' });
    expect(by.get(printer.id)).toMatchObject({ outcome: 'refused', reason: 'MUTED_FACT' });
    expect(await row('tenant:berlin', 'expense-limit')).toMatchObject({ pinned: true, version: expense.version + 1 });
    expect((await row('tenant:berlin', 'printer-room')).pinned).toBe(false);
    expect((await auditOf(badges.id)).map((event) => [event.action, event.key])).toEqual([['memory.pinned', 'visitor-badges']]);
    const again = await bob.facts.act({ ids: [expense.id], action: 'pin' });
    expect(again.results).toEqual([{ id: expense.id, outcome: 'unchanged', message: 'Already always on.' }]);
    await bob.facts.act({ ids: [expense.id, badges.id], action: 'unpin' });
    await bob.facts.act({ ids: [printer.id], action: 'unmute' });
    expect(await row('tenant:berlin', 'expense-limit')).toMatchObject({ pinned: false, version: expense.version + 2 });
  });

  it('refuses pins that fit one by one but not together, naming how many people go over, until that number is confirmed', async () => {
    const bob = await db.callerAs(BOB);
    // A limit with room for one more always-on fact for Berlin's people, not two.
    const alwaysOn = await db.prisma.agentMemory.count({
      where: { scope: { in: ['global', 'tenant:berlin'] }, pinned: true, state: 'active' },
    });
    await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemories: alwaysOn + 1 } });
    try {
      const ids = await Promise.all(['expense-limit', 'visitor-badges'].map((key) => factId(db, 'tenant:berlin', key)));
      const one = await bob.facts.forecast({ scope: 'tenant:berlin', key: 'expense-limit' });
      expect(one.peopleOver).toBe(0);
      const refused = await errorOf(bob.facts.act({ ids, action: 'pin' }));
      expect([refused.code, reasonOf(refused)]).toEqual(['CONFLICT', 'PIN_OVER_BUDGET']);
      const people = await db.prisma.user.count({ where: { tenantRef: 'berlin', disabled: false, system: false } });
      expect(refused.message).toContain(`would leave ${people} people`);
      expect(await db.prisma.agentMemory.count({ where: { id: { in: ids }, pinned: true } })).toBe(0);
      const wrong = await errorOf(bob.facts.act({ ids, action: 'pin', confirmOmissions: people - 1 }));
      expect(reasonOf(wrong)).toBe('PIN_OVER_BUDGET');
      await expect(bob.facts.act({ ids, action: 'pin', confirmOmissions: people })).resolves.toMatchObject({ counts: { done: 2 } });
      await bob.facts.act({ ids, action: 'unpin' });
    } finally {
      await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemories: 20 } });
    }
  });

  it.each([
    ['alice', ALICE, 'delete'],
    ['hana', HANA, 'delete'],
    ['olga (operator)', OLGA, 'delete'],
    ['alice', ALICE, 'pin'],
    ['olga (operator)', OLGA, 'pin'],
  ] as const)('%s, who administers nothing, is refused every fact action (403: %s)', async (_name, email, action) => {
    const caller = await db.callerAs(email);
    const id = await factId(db, 'tenant:berlin', 'expense-limit');
    const error = await errorOf(caller.facts.act({ ids: [id], action }));
    expect([error.code, reasonOf(error)]).toEqual(['FORBIDDEN', 'NOT_ADMINISTRATOR']);
    expect(await db.prisma.agentMemory.findUnique({ where: { id } })).not.toBeNull();
  });

  it('signed out, nothing is answered (401)', async () => {
    const anonymous = await db.callerAs(null);
    expect((await errorOf(anonymous.facts.act({ ids: ['mem_x'], action: 'mute' }))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(anonymous.memories.act({ ids: ['mem_x'], action: 'mute' }))).code).toBe('UNAUTHORIZED');
  });
});

describe('a batch racing single edits', () => {
  it('two administrators making the same fact always on at once: one pins it, the other is told it changed', async () => {
    const bob = await db.callerAs(BOB);
    const gina = await db.callerAs(GINA);
    const before = await row('tenant:berlin', 'bike-parking');
    const seen = [{ id: before.id, version: before.version }];
    const results = await Promise.all(
      [bob, gina].map((caller) => caller.facts.act({ ids: [before.id], action: 'pin', expectedVersions: seen })),
    );
    expect(results.map((result) => result.results[0]!.outcome).sort()).toEqual(['changed-since', 'done']);
    expect(await row('tenant:berlin', 'bike-parking')).toMatchObject({ pinned: true, version: before.version + 1 });
    expect((await auditOf(before.id)).map((event) => event.action)).toEqual(['memory.pinned']);
    await bob.facts.act({ ids: [before.id], action: 'unpin' });
  });

  it('each fact ends either muted-then-edited or edited-then-reported, never lost or half-done', async () => {
    const bob = await db.callerAs(BOB);
    for (let round = 0; round < 6; round++) {
      const before = await row('tenant:berlin', 'expense-limit');
      const [batch, single] = await Promise.allSettled([
        bob.facts.act({ ids: [before.id], action: 'mute', expectedVersions: [{ id: before.id, version: before.version }] }),
        bob.facts.save({ scope: 'tenant:berlin', key: 'expense-limit', text: `Round ${round}.`, expectedVersion: before.version }),
      ]);
      for (const settled of [batch, single]) {
        if (settled.status === 'rejected') expect((settled.reason as TRPCError).code).toBe('CONFLICT');
      }
      const after = await row('tenant:berlin', 'expense-limit');
      expect(single.status).toBe('fulfilled');
      expect(after).toMatchObject({ text: `Round ${round}.`, version: before.version + 1 });
      const outcome = batch.status === 'fulfilled' ? batch.value.results[0]!.outcome : 'failed';
      // Muted first (the edit keeps it muted), or edited first (the batch saw another version).
      expect(outcome === 'done' ? after.state : outcome).toBe(outcome === 'done' ? 'muted' : 'changed-since');
      await bob.facts.act({ ids: [before.id], action: 'unmute' });
    }
  });
});
