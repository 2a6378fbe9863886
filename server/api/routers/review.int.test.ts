// review.* as administrators use it (docs/features.md "Review queue"), through createCaller against
// the seeded demo data: who may review, grouping and clusters, published state, filters, search,
// keyset pages, the detail, dismissing.
import { describe, expect, it } from 'vitest';
import { listReviewGroups, type ReviewFilter } from '../../services/review/list-review-groups';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { testBackend } from '../../testing/test-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

const BOB = 'bob@example.com';

/** Conclusions of made-up Berlin people (actor:zz…) straight into the table, as a bulk load would. */
async function addConclusions(rows: { actor: string; key: string; text: string; updatedAt?: Date }[]) {
  await db.prisma.agentMemory.createMany({
    data: rows.map((row, index) => ({
      id: `mem_test_${row.actor}_${row.key}_${index}`,
      key: row.key,
      text: row.text,
      scope: `actor:${row.actor}`,
      tenantRef: 'berlin',
      author: 'agent' as const,
      actorRef: row.actor,
      updatedAt: row.updatedAt ?? db.ctx.now(),
    })),
  });
}

describe('who may review', () => {
  it.each(['alice@example.com', 'olga@example.com', 'hana@example.com'])('%s, who administers no tenant, is refused', async (email) => {
    const caller = await db.callerAs(email);
    expect((await errorOf(caller.review.list())).code).toBe('FORBIDDEN');
    expect((await errorOf(caller.review.detail({ key: 'meeting-length' }))).code).toBe('FORBIDDEN');
    expect((await errorOf(caller.review.dismiss({ key: 'meeting-length' }))).code).toBe('FORBIDDEN');
  });

  it('a signed-out caller is asked to sign in', async () => {
    expect((await errorOf((await db.callerAs(null)).review.list())).code).toBe('UNAUTHORIZED');
  });

  it('bob (Berlin) sees only Berlin, and a Hamburg key or tenant is not found', async () => {
    const bob = await db.callerAs(BOB);
    const page = await bob.review.list({ limit: 100 });
    expect(new Set(page.groups.map((group) => group.tenantRef))).toEqual(new Set(['berlin']));
    expect(page.groups.map((group) => group.key)).not.toContain('shift');
    expect((await errorOf(bob.review.detail({ key: 'shift' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(bob.review.detail({ key: 'meeting-length', tenantRef: 'hamburg' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(bob.review.dismiss({ key: 'shift' }))).code).toBe('NOT_FOUND');
    expect((await bob.review.list({ q: 'shift' })).groups).toEqual([]);
  });
});

describe('gina, global administrator', () => {
  it('sees every tenant, each key per tenant, and the detail of a Hamburg key', async () => {
    const gina = await db.callerAs('gina@example.com');
    const { groups } = await gina.review.list({ limit: 100 });
    expect(new Set(groups.map((group) => group.tenantRef))).toEqual(new Set(['berlin', 'hamburg']));
    const shift = await gina.review.detail({ key: 'shift', tenantRef: 'hamburg' });
    expect(shift).toMatchObject({ tenantRef: 'hamburg', people: 2 });
    expect(shift.instances.map((instance) => instance.personName).sort()).toEqual(['Hana Hoffmann', 'Jonas Jäger']);
    expect((await errorOf(gina.review.detail({ key: 'shift', tenantRef: 'nowhere' }))).code).toBe('NOT_FOUND');
  });
});

describe('groups', () => {
  it('groups meeting-length across people, with its wordings clustered and counted', async () => {
    const bob = await db.callerAs(BOB);
    const { groups } = await bob.review.list();
    const meeting = groups.find((group) => group.key === 'meeting-length')!;
    expect(meeting).toMatchObject({ tenantRef: 'berlin', people: 5, textCount: 2, published: [], publishedState: 'unpublished' });
    const texts = meeting.clusters.flatMap((cluster) => cluster.texts);
    expect(texts).toEqual(
      expect.arrayContaining([
        { text: 'Prefers meetings of 25 minutes.', people: 4 },
        { text: 'Prefers short meetings, about 30 minutes.', people: 1 },
      ]),
    );
    expect(meeting.clusters[0]).toMatchObject({ representative: 'Prefers meetings of 25 minutes.' });
    expect(groups[0]!.key).toBe('meeting-length'); // most people first
    const reportFormat = groups.find((group) => group.key === 'report-format')!;
    expect(reportFormat.clusters.map((cluster) => [cluster.representative, cluster.people])).toEqual([
      ['Wants reports as a one-page PDF.', 3],
      ['Wants reports as a slide deck.', 1],
    ]);
  });

  it('clusters wordings that say the same in other words', async () => {
    await addConclusions([
      { actor: 'zz1', key: 'lunch-time', text: 'Has lunch at noon.' },
      { actor: 'zz2', key: 'lunch-time', text: 'Has lunch at noon!' },
      { actor: 'zz3', key: 'lunch-time', text: 'Usually has lunch at noon.' },
      { actor: 'zz4', key: 'lunch-time', text: 'Skips lunch entirely.' },
    ]);
    const { groups } = await (await db.callerAs(BOB)).review.list({ prefix: 'lunch' });
    expect(groups).toHaveLength(1);
    expect(groups[0]!.clusters.map((cluster) => cluster.people)).toEqual([3, 1]);
    expect(groups[0]!.clusters[1]!.representative).toBe('Skips lunch entirely.');
  });

  it('never merges wordings that differ in a number or an opposite, however alike they read', async () => {
    const gina = await db.callerAs('gina@example.com');
    const shift = await gina.review.detail({ key: 'shift', tenantRef: 'hamburg' });
    expect(shift.clusters.map((cluster) => [cluster.representative, cluster.people, cluster.texts.length])).toEqual([
      ['Works the early shift.', 1, 1],
      ['Works the late shift.', 1, 1],
    ]);
    const { groups } = await (await db.callerAs(BOB)).review.list({ prefix: 'meeting-length' });
    expect(groups[0]!.clusters.map((cluster) => cluster.texts)).toEqual([
      [{ text: 'Prefers meetings of 25 minutes.', people: 4 }],
      [{ text: 'Prefers short meetings, about 30 minutes.', people: 1 }],
    ]);
  });

  it('says when a published fact contradicts the conclusions', async () => {
    const { groups } = await (await db.callerAs(BOB)).review.list({ q: 'fiscal' });
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      key: 'fiscal-year',
      publishedState: 'contradicts',
      published: [{ scope: 'global', text: 'The fiscal year starts in October.', pinned: true }],
    });
  });
});

describe('filters and search', () => {
  it('filters by key prefix, minimum people, published or not, and age', async () => {
    const bob = await db.callerAs(BOB);
    expect((await bob.review.list({ prefix: 'report' })).groups.map((group) => group.key)).toEqual(['report-format']);
    expect((await bob.review.list({ prefix: '%' })).groups).toEqual([]);
    const atLeastFour = (await bob.review.list({ min: 4, limit: 100 })).groups;
    expect(atLeastFour.map((group) => group.key)).toEqual(expect.arrayContaining(['meeting-length', 'report-format']));
    expect(atLeastFour.map((group) => group.key)).not.toContain('timezone');
    expect(atLeastFour.every((group) => group.people >= 4)).toBe(true);
    expect((await bob.review.list({ published: true })).groups.map((group) => group.key)).toEqual(['fiscal-year']);
    expect((await bob.review.list({ published: false })).groups.map((group) => group.key)).not.toContain('fiscal-year');
    await addConclusions([{ actor: 'zz9', key: 'old-habit', text: 'Used to print emails.', updatedAt: new Date('2020-01-01T00:00:00Z') }]);
    expect((await bob.review.list({ prefix: 'old-' })).groups).toHaveLength(1);
    expect((await bob.review.list({ prefix: 'old-', age: '365d' })).groups).toEqual([]);
  });

  it('searches key and wording by word prefixes', async () => {
    const bob = await db.callerAs(BOB);
    expect((await bob.review.list({ q: 'slide' })).groups.map((group) => group.key)).toEqual(['report-format']);
    expect((await bob.review.list({ q: 'meet len' })).groups.map((group) => group.key)).toEqual(['meeting-length']);
    expect((await bob.review.list({ q: 'berlin time' })).groups.map((group) => group.key)).toEqual(['timezone']);
    expect((await bob.review.list({ q: '&|!(' })).groups.length).toBeGreaterThan(0);
  });

  it('refuses inputs beyond their limits, naming the field', async () => {
    const bob = await db.callerAs(BOB);
    const tooLong = await errorOf(bob.review.list({ q: 'x'.repeat(501) }));
    expect(tooLong.code).toBe('BAD_REQUEST');
    expect(tooLong.message).toContain('q must be at most 500 characters');
    expect((await errorOf(bob.review.list({ limit: 101 }))).message).toContain('limit must be at most 100');
    expect((await errorOf(bob.review.list({ cursor: 'garbage' }))).message).toContain('cursor');
  });
});

// On PostgreSQL the list's statement stays prepared, one per combination of filters, and is run
// with one plan for any values once PostgreSQL prefers it (docs/architecture.md "Services"): that
// plan must answer what a plan made for the values answers.
describe('the list statement prepared on PostgreSQL', () => {
  it.runIf(testBackend() === 'postgres')('answers on its generic plan as on a plan made for its values', async () => {
    const dismissal = { tenantRef: 'berlin', key: 'timezone' };
    await db.prisma.reviewDismissal.create({ data: { ...dismissal, dismissedBy: 'test', dismissedAt: SEED_NOW } });
    try {
      const viewer = { grants: [{ scope: 'tenant:berlin', role: 'admin' as const }] };
      const filters: ReviewFilter[] = [
        {},
        { q: 'slide' },
        { q: 'meet len' },
        { q: 'berlin time', dismissed: true },
        { q: 'prefers', sort: 'relevance' },
        { prefix: 'meeting' },
        { published: true },
        { published: false, min: 2 },
        { sort: 'newest', limit: 2 },
      ];
      const planned = { ...db.ctx, sql: undefined }; // through Prisma, unprepared: planned for its values
      const expected = [];
      for (const filter of filters) expected.push(await listReviewGroups({ ctx: planned, input: { viewer, filter } }));
      const second = { sort: 'newest' as const, limit: 2, cursor: expected.at(-1)!.next! };
      expected.push(await listReviewGroups({ ctx: planned, input: { viewer, filter: second } }));
      const generic = await db.pool.transaction(async (tx) => {
        await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
        const ctx = { ...db.ctx, sql: tx };
        const pages = [];
        for (const filter of [...filters, second]) pages.push(await listReviewGroups({ ctx, input: { viewer, filter } }));
        return pages;
      });
      expect(expected.map((page) => page.groups.length).every((length) => length > 0)).toBe(true);
      expect(generic).toEqual(expected);
    } finally {
      await db.prisma.reviewDismissal.delete({ where: { tenantRef_key: dismissal } });
    }
  });
});

describe('keyset pages', () => {
  it.each(['people', 'newest', 'relevance'] as const)('sorted by %s, pages hold every group once', async (sort) => {
    const rows = Array.from({ length: 40 }, (_, i) =>
      Array.from({ length: 1 + (i % 5) }, (_, j) => ({
        actor: `kp${j}`,
        key: `keyset-${sort}-${String(i).padStart(2, '0')}`,
        text: `Keyset wording ${i}.${i % 3 === 0 ? ' Keyset again, keyset.' : ''}`,
        updatedAt: new Date(Date.UTC(2026, 10, 1 + (i % 7))),
      })),
    ).flat();
    await addConclusions(rows);
    const bob = await db.callerAs(BOB);
    const filter = { sort, prefix: `keyset-${sort}`, ...(sort === 'relevance' ? { q: 'keyset' } : {}) };
    const all = (await bob.review.list({ ...filter, limit: 100 })).groups.map((group) => group.key);
    expect(all).toHaveLength(40);
    if (sort === 'relevance') {
      // The wordings that say "keyset" three times match best.
      const better = Array.from({ length: 14 }, (_, k) => `keyset-relevance-${String(k * 3).padStart(2, '0')}`);
      expect(new Set(all.slice(0, 14))).toEqual(new Set(better));
    }
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await bob.review.list({ ...filter, limit: 7, cursor: after });
      seen.push(...page.groups.map((group) => group.key));
      after = page.next ?? undefined;
    } while (after);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(40);
  });
});

describe('detail', () => {
  it('lists every conclusion with the person, the conversation or its absence, and the time', async () => {
    const bob = await db.callerAs(BOB);
    const meeting = await bob.review.detail({ key: 'meeting-length' });
    expect(meeting.instanceCount).toBe(5);
    const alice = meeting.instances.find((instance) => instance.personName === 'Alice Adler')!;
    expect(alice).toMatchObject({ text: 'Prefers meetings of 25 minutes.', conversation: { title: 'Q3 revenue report', available: true } });
    expect(meeting.instances.find((instance) => instance.personName === 'Bob Brandt')!.conversation).toBeNull();
    const hotel = await bob.review.detail({ key: 'hotel' });
    expect(hotel.instances[0]!.conversation).toEqual({ title: null, available: false });
    expect(hotel.next).toBeNull();
  });

  it('pages through a key held by more people than a page shows: each conclusion once, newest first', async () => {
    // 450 people, many of them at the same moment, so the pages also split between equal times.
    const people = Array.from({ length: 450 }, (_, i) => `zzp${String(i).padStart(3, '0')}`);
    await addConclusions(
      people.map((actor, i) => ({
        actor,
        key: 'many-pages',
        text: `Wording ${i % 4}.`,
        updatedAt: new Date(Date.UTC(2026, 10, 1, 0, i % 37)),
      })),
    );
    const rows = await db.prisma.agentMemory.findMany({ where: { key: 'many-pages' }, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }] });
    const expected = rows.map((memory) => memory.id);
    expect(expected).toHaveLength(450);
    const bob = await db.callerAs(BOB);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: { updatedAt: string; id: string } | null = null;
    do {
      const page: Awaited<ReturnType<typeof bob.review.detail>> = await bob.review.detail({ key: 'many-pages', cursor });
      expect(page.instanceCount).toBe(450);
      seen.push(...page.instances.map((instance) => instance.memoryId));
      sizes.push(page.instances.length);
      cursor = page.next;
    } while (cursor);
    expect(sizes).toEqual([200, 200, 50]);
    expect(seen).toEqual(expected);
    // A page that ends exactly at the last conclusion says so rather than promising an empty one.
    const beforeLastPage = rows.at(-201)!;
    const exactlyOnePage = await bob.review.detail({
      key: 'many-pages',
      cursor: { updatedAt: beforeLastPage.updatedAt.toISOString(), id: beforeLastPage.id },
    });
    expect(exactlyOnePage.instances.map((instance) => instance.memoryId)).toEqual(expected.slice(-200));
    expect(exactlyOnePage.next).toBeNull();
    // Out of the queue again, so the other tests' pages are as the demo data makes them.
    await db.prisma.agentMemory.deleteMany({ where: { key: 'many-pages' } });
  });

  it('refuses a malformed cursor naming the field, and keeps the detail to administrators', async () => {
    const bob = await db.callerAs(BOB);
    const cursor = { updatedAt: '2026-11-01T00:00:00.000Z', id: 'mem_x' };
    for (const [bad, message] of [
      [{ updatedAt: 'yesterday', id: 'mem_x' }, 'cursor.updatedAt must be a time like'],
      [{ updatedAt: cursor.updatedAt, id: '' }, 'cursor.id is required'],
      [{ updatedAt: cursor.updatedAt, id: 'x'.repeat(31) }, 'cursor.id must be at most 30 characters'],
      ['mem_x', 'cursor must be an object with updatedAt and id'],
    ] as const) {
      const error = await errorOf(bob.review.detail({ key: 'meeting-length', cursor: bad as typeof cursor }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toContain(message);
    }
    expect((await errorOf((await db.callerAs('alice@example.com')).review.detail({ key: 'meeting-length', cursor }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await errorOf(bob.review.detail({ key: 'shift', cursor }))).code).toBe('NOT_FOUND');
  });
});

describe('dismiss', () => {
  it('takes a group out of the default view, audited, and undismiss brings it back', async () => {
    const bob = await db.callerAs(BOB);
    const bobId = await db.userId(BOB);
    await bob.review.dismiss({ key: 'timezone' });
    await bob.review.dismiss({ key: 'timezone' });
    expect((await bob.review.list({ limit: 100 })).groups.map((group) => group.key)).not.toContain('timezone');
    const dismissed = (await bob.review.list({ dismissed: true })).groups;
    expect(dismissed.map((group) => group.key)).toEqual(['timezone']);
    expect(dismissed[0]!.dismissedAt).not.toBeNull();
    const audit = await db.prisma.auditEvent.findMany({ where: { key: 'timezone', action: { startsWith: 'review.' } } });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'review.dismissed', userId: bobId, tenantRef: 'berlin', scope: 'tenant:berlin' }),
    ]);
    await bob.review.undismiss({ key: 'timezone' });
    expect((await bob.review.list({ limit: 100 })).groups.map((group) => group.key)).toContain('timezone');
    expect(await db.prisma.auditEvent.count({ where: { key: 'timezone', action: 'review.undismissed' } })).toBe(1);
  });

  it('dismissing the same key from two requests at once stores and audits it once', async () => {
    const [first, second] = [await db.callerAs(BOB), await db.callerAs(BOB)];
    await Promise.all([first.review.dismiss({ key: 'report-format' }), second.review.dismiss({ key: 'report-format' })]);
    expect(await db.prisma.reviewDismissal.count({ where: { key: 'report-format' } })).toBe(1);
    expect(await db.prisma.auditEvent.count({ where: { key: 'report-format', action: 'review.dismissed' } })).toBe(1);
  });
});
