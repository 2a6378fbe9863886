// review.snooze / review.unsnooze through createCaller against the seeded demo data (docs/features.md
// "Review queue"): who may snooze, the key leaving To review for Snoozed and coming back when its time
// passes (the moment of the read decides) or a newer conclusion arrives, the audit rows, the version
// check, and two administrators acting on one key at once.
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSnoozed } from '../../domain';
import { listReviewGroups } from '../../services/review/list-review-groups';
import { addHamburgAdmin, HAMBURG_ADMIN } from '../../testing/facts-personas';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf, reasonOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

const BOB = 'bob@example.com';
const GINA = 'gina@example.com';
const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(SEED_NOW.getTime() + hours * HOUR);
const berlinAdmin = { grants: [{ scope: 'tenant:berlin', role: 'admin' as const }] };

// Each test starts without snoozes or dismissals, and reads only the audit rows it made.
let auditFrom = 0;
beforeEach(async () => {
  auditFrom = (await db.prisma.auditEvent.aggregate({ _max: { seq: true }, where: { chain: 'tenant:berlin' } }))._max.seq ?? 0;
});
afterEach(async () => {
  await db.prisma.reviewSnooze.deleteMany();
  await db.prisma.reviewDismissal.deleteMany();
  await db.prisma.agentMemory.deleteMany({ where: { id: 'mem_test_snooze_new' } });
});
const auditOf = (key: string, actions: string[]) =>
  db.prisma.auditEvent.findMany({
    where: { chain: 'tenant:berlin', seq: { gt: auditFrom }, key, action: { in: actions } },
    orderBy: { seq: 'asc' },
  });

/** The keys of Berlin's To review and Snoozed at `now` (any number of people). */
async function tabsAt(now: Date) {
  const ctx = { ...db.ctx, now: () => now };
  const keys = async (snoozed: boolean) =>
    (await listReviewGroups({ ctx, input: { viewer: berlinAdmin, filter: { published: false, min: 1, snoozed, limit: 100 } } })).groups;
  return { review: await keys(false), snoozed: await keys(true) };
}

describe('who may snooze', () => {
  it.each(['alice@example.com', 'hana@example.com'])('%s, a member, is refused', async (email) => {
    const caller = await db.callerAs(email);
    expect((await errorOf(caller.review.snooze({ key: 'timezone', until: inHours(24).toISOString(), expectedVersion: 0 }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await errorOf(caller.review.unsnooze({ key: 'timezone', expectedVersion: 0 }))).code).toBe('FORBIDDEN');
  });

  it("another organisation's administrator finds no such key, and nothing is stored", async () => {
    await addHamburgAdmin(db);
    const hamburg = await db.callerAs(HAMBURG_ADMIN);
    const refused = await errorOf(hamburg.review.snooze({ key: 'timezone', until: inHours(24).toISOString(), expectedVersion: 0 }));
    expect(refused.code).toBe('NOT_FOUND');
    expect(
      (await errorOf(hamburg.review.snooze({ key: 'timezone', tenantRef: 'berlin', until: inHours(24).toISOString(), expectedVersion: 0 })))
        .code,
    ).toBe('NOT_FOUND');
    expect(await db.prisma.reviewSnooze.count()).toBe(0);
  });

  it('a time in the past or more than a year ahead is refused naming the field and limit', async () => {
    const bob = await db.callerAs(BOB);
    const past = await errorOf(bob.review.snooze({ key: 'timezone', until: inHours(-1).toISOString(), expectedVersion: 0 }));
    expect(past.code).toBe('BAD_REQUEST');
    expect(past.message).toContain('until must be later than now');
    const far = await errorOf(bob.review.snooze({ key: 'timezone', until: inHours(24 * 366).toISOString(), expectedVersion: 0 }));
    expect(far.message).toContain('until must be at most 365 days from now');
    const garbled = await errorOf(bob.review.snooze({ key: 'timezone', until: 'tomorrow', expectedVersion: 0 }));
    expect(garbled.code).toBe('BAD_REQUEST');
    expect(garbled.message).toContain('until must be a date and time');
  });
});

describe('snooze', () => {
  it('hides the key from To review under Snoozed until its time passes, audited with who and until when', async () => {
    const bob = await db.callerAs(BOB);
    const until = inHours(24);
    const state = await bob.review.snooze({ key: 'timezone', until: until.toISOString(), expectedVersion: 0 });
    expect(state).toEqual({ tenantRef: 'berlin', key: 'timezone', snoozedUntil: until.toISOString(), version: 1 });

    const now = await tabsAt(SEED_NOW);
    expect(now.review.map((group) => group.key)).not.toContain('timezone');
    expect(now.snoozed.map((group) => group.key)).toEqual(['timezone']);
    expect(now.snoozed[0]).toMatchObject({ snoozedUntil: until.toISOString(), snoozeVersion: 1 });
    // The tRPC list says the same, with its tab's count.
    expect((await bob.review.list({ snoozed: true, published: false, min: 1 })).groups.map((group) => group.key)).toEqual(['timezone']);

    // A minute before its time it still hides the key; at its time the key is back, with nothing run.
    expect((await tabsAt(inHours(24 - 1 / 60))).snoozed.map((group) => group.key)).toEqual(['timezone']);
    const later = await tabsAt(until);
    expect(later.snoozed).toEqual([]);
    expect(later.review.find((group) => group.key === 'timezone')).toMatchObject({ snoozedUntil: null, snoozeVersion: 1 });

    const audit = await auditOf('timezone', ['review.snoozed', 'review.unsnoozed', 'review.dismissed', 'review.undismissed']);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'review.snoozed',
        userId: await db.userId(BOB),
        tenantRef: 'berlin',
        before: { snoozedUntil: null },
        after: { snoozedUntil: until.toISOString() },
      }),
    ]);
  });

  it('unsnooze brings the key back at once, audited; a second unsnooze at the old version is refused', async () => {
    const bob = await db.callerAs(BOB);
    await bob.review.snooze({ key: 'report-format', until: inHours(24 * 7).toISOString(), expectedVersion: 0 });
    expect(await bob.review.unsnooze({ key: 'report-format', expectedVersion: 1 })).toMatchObject({ snoozedUntil: null, version: 0 });
    expect((await tabsAt(SEED_NOW)).review.map((group) => group.key)).toContain('report-format');
    expect((await auditOf('report-format', ['review.unsnoozed'])).length).toBe(1);
    const stale = await errorOf(bob.review.unsnooze({ key: 'report-format', expectedVersion: 1 }));
    expect(stale.code).toBe('CONFLICT');
    expect(reasonOf(stale)).toBe('CHANGED_SINCE');
    expect((stale.cause as { details?: { current?: unknown } }).details?.current).toEqual({ snoozedUntil: null, version: 0 });
  });

  it('a newer conclusion under the key wakes it before its time', async () => {
    const bob = await db.callerAs(BOB);
    await bob.review.snooze({ key: 'meeting-length', until: inHours(24 * 30).toISOString(), expectedVersion: 0 });
    expect((await tabsAt(inHours(1))).snoozed.map((group) => group.key)).toEqual(['meeting-length']);
    await db.prisma.agentMemory.create({
      data: {
        id: 'mem_test_snooze_new',
        key: 'meeting-length',
        text: 'Prefers meetings of 25 minutes.',
        scope: 'actor:zz-new',
        tenantRef: 'berlin',
        author: 'agent',
        actorRef: 'zz-new',
        updatedAt: inHours(2),
      },
    });
    const after = await tabsAt(inHours(3));
    expect(after.snoozed).toEqual([]);
    expect(after.review.map((group) => group.key)).toContain('meeting-length');
  });

  it('agrees with the domain rule for every group at several moments', async () => {
    const bob = await db.callerAs(BOB);
    await bob.review.snooze({ key: 'timezone', until: inHours(5).toISOString(), expectedVersion: 0 });
    await bob.review.snooze({ key: 'report-format', until: inHours(50).toISOString(), expectedVersion: 0 });
    const rows = await db.prisma.reviewSnooze.findMany();
    for (const hours of [0, 4, 5, 6, 49, 51]) {
      const { review, snoozed } = await tabsAt(inHours(hours));
      for (const group of [...review, ...snoozed]) {
        const row = rows.find((snooze) => snooze.key === group.key) ?? null;
        expect(snoozed.includes(group), `${group.key} at +${hours}h`).toBe(isSnoozed(row, new Date(group.newestAt), inHours(hours)));
      }
    }
  });
});

describe('two administrators at once', () => {
  const settle = async (promises: Promise<unknown>[]) => {
    const results = await Promise.allSettled(promises);
    const conflicts = results.filter((r) => r.status === 'rejected' && r.reason instanceof TRPCError && r.reason.code === 'CONFLICT');
    const others = results.filter((r) => r.status === 'rejected' && !conflicts.includes(r));
    return { won: results.filter((r) => r.status === 'fulfilled').length, conflicts: conflicts.length, others };
  };

  it('snoozing one key from the same version: one is stored and audited, the other is told of the change', async () => {
    const [bob, gina] = [await db.callerAs(BOB), await db.callerAs(GINA)];
    const outcome = await settle([
      bob.review.snooze({ key: 'timezone', tenantRef: 'berlin', until: inHours(24).toISOString(), expectedVersion: 0 }),
      gina.review.snooze({ key: 'timezone', tenantRef: 'berlin', until: inHours(24 * 7).toISOString(), expectedVersion: 0 }),
    ]);
    expect(outcome).toMatchObject({ won: 1, conflicts: 1, others: [] });
    const stored = await db.prisma.reviewSnooze.findMany({ where: { key: 'timezone' } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.version).toBe(1);
    const audit = await auditOf('timezone', ['review.snoozed']);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ snoozedUntil: stored[0]!.snoozedUntil.toISOString() });
    expect(audit[0]!.userId).toBe(stored[0]!.snoozedBy);
  });

  it('snoozing and dismissing one key at once both hold, and the key is under Dismissed only', async () => {
    const [bob, gina] = [await db.callerAs(BOB), await db.callerAs(GINA)];
    const outcome = await settle([
      bob.review.snooze({ key: 'report-format', tenantRef: 'berlin', until: inHours(24).toISOString(), expectedVersion: 0 }),
      gina.review.dismiss({ key: 'report-format', tenantRef: 'berlin' }),
    ]);
    expect(outcome).toMatchObject({ won: 2, conflicts: 0, others: [] });
    expect((await bob.review.list({ dismissed: true, min: 1 })).groups.map((group) => group.key)).toEqual(['report-format']);
    const { review, snoozed } = await tabsAt(SEED_NOW);
    expect([...review, ...snoozed].map((group) => group.key)).not.toContain('report-format');
    expect((await auditOf('report-format', ['review.snoozed', 'review.dismissed'])).length).toBe(2);
  });

  it('snoozing again at the new version moves its time and counts the version on', async () => {
    const bob = await db.callerAs(BOB);
    await bob.review.snooze({ key: 'timezone', until: inHours(24).toISOString(), expectedVersion: 0 });
    const again = await bob.review.snooze({ key: 'timezone', until: inHours(48).toISOString(), expectedVersion: 1 });
    expect(again).toMatchObject({ snoozedUntil: inHours(48).toISOString(), version: 2 });
    const stale = await errorOf(bob.review.snooze({ key: 'timezone', until: inHours(72).toISOString(), expectedVersion: 1 }));
    expect(stale.code).toBe('CONFLICT');
    const audit = await auditOf('timezone', ['review.snoozed']);
    expect(audit.map((row) => row.before)).toEqual([{ snoozedUntil: null }, { snoozedUntil: inHours(24).toISOString() }]);
  });
});
