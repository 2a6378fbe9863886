// The paged list (list-visible-memories.ts) against the full-list behaviour it replaced: precedence
// in applyPrecedence over every visible record, the search and conversation filters in JavaScript.
// Walking the pages must give exactly that list, in that order, with matching totals — on the demo
// data for every persona and on a generated tenant with thousands of visible memories.
import { describe, expect, it } from 'vitest';
import { actorScope, type ResolvedEntry } from '../../domain';
import { loadViewer } from '../../auth/viewer';
import { useSeededDatabase } from '../../testing/seeded-database';
import type { ServiceContext } from '../context';
import { listVisibleMemories, type ListCursor, type ListFilter, type ListVisibleMemoriesInput } from './list-visible-memories';
import { loadVisibleEntries } from '../../testing/load-visible-entries';

const db = useSeededDatabase();

type Viewer = ListVisibleMemoriesInput['viewer'];

/** The list as it was computed before paging: everything loaded, filtered in JavaScript. */
async function fullList(ctx: ServiceContext, viewer: Viewer, filter: ListFilter): Promise<ResolvedEntry[]> {
  let { entries } = await loadVisibleEntries({ ctx, input: { scopes: viewer.scopes } });
  const query = filter.query?.trim().toLowerCase();
  if (query) {
    entries = entries.filter(
      (entry) =>
        entry.key.toLowerCase().includes(query) ||
        entry.text.toLowerCase().includes(query) ||
        entry.overrides.some((override) => override.text.toLowerCase().includes(query)),
    );
  }
  if (filter.threadId) entries = entries.filter((entry) => entry.threadId === filter.threadId);
  return entries;
}

async function walkPages(ctx: ServiceContext, viewer: Viewer, filter: ListFilter, limit: number) {
  const pages = [];
  let after: ListCursor | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await listVisibleMemories({ ctx, input: { viewer, filter, page: { limit, ...(after ? { after } : {}) } } });
    pages.push(page);
    if (!page.next) break;
    after = page.next;
  }
  return pages;
}

async function expectSameAsFullList(viewer: Viewer, filter: ListFilter, limit: number) {
  const expected = await fullList(db.ctx, viewer, filter);
  const pages = await walkPages(db.ctx, viewer, filter, limit);
  const shown = pages.flatMap((page) => page.memories);
  expect(shown.map((memory) => memory.id)).toEqual(expected.map((entry) => entry.id));
  expect(shown.map((memory) => memory.overrides.map(({ scope, text, author }) => ({ scope, text, author })))).toEqual(
    expected.map((entry) => entry.overrides),
  );
  expect(shown.map((memory) => memory.alwaysOn)).toEqual(expected.map((entry) => entry.alwaysOn));
  const yours = expected.filter((entry) => entry.scope === actorScope(viewer.actorRef)).length;
  for (const page of pages) expect(page.totals).toEqual({ all: expected.length, yours });
  expect(pages.every((page) => page.memories.length <= limit)).toBe(true);
  return shown.length;
}

const PERSONAS = ['alice@example.com', 'bob@example.com', 'olga@example.com', 'hana@example.com', 'gina@example.com', 'jonas@example.com'];
const FILTERS: ListFilter[] = [
  {},
  { query: 'e' },
  { query: '  THE ' },
  { query: 'calendar year' },
  { query: '100%' },
  { query: '_' },
  { query: 'zzz-nothing' },
  { threadId: 'thr_q3_report' },
  { threadId: 'thr_hamburg_trip', query: 'hotel' },
  { threadId: 'thr_missing' },
];

describe('the paged list on the demo data', () => {
  it.each(PERSONAS)('walks to the same list, overrides and totals as the full list for %s', async (email) => {
    const viewer = (await loadViewer(db.prisma, await db.userId(email)))!;
    for (const filter of FILTERS) {
      for (const limit of [1, 3, 50]) await expectSameAsFullList(viewer, filter, limit);
    }
  });
});

describe('the paged list on a generated tenant', () => {
  it('walks thousands of visible memories page by page without missing or repeating one', async () => {
    const alice = (await loadViewer(db.prisma, await db.userId('alice@example.com')))!;
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 300)));
    const key = (i: number) => `gen-${String(i % 1700).padStart(4, '0')}-${['alpha', 'Beta', 'gamma'][i % 3]}`;
    const rows = [
      ...Array.from({ length: 600 }, (_, i) => ({ scope: actorScope(alice.actorRef), tenantRef: 'berlin', i })),
      ...Array.from({ length: 1500 }, (_, i) => ({ scope: 'tenant:berlin', tenantRef: 'berlin', i: i + 300 })),
      ...Array.from({ length: 500 }, (_, i) => ({ scope: 'global', tenantRef: null, i: i * 3 })),
      ...Array.from({ length: 300 }, (_, i) => ({ scope: 'actor:u2', tenantRef: 'berlin', i })),
    ];
    await db.prisma.agentMemory.createMany({
      data: rows.map(({ scope, tenantRef, i }) => ({
        id: `mem_gen_${scope.replace(':', '_')}_${i}`,
        key: key(i),
        text: `Generated value ${i} for ${scope}${i % 7 === 0 ? ' mentions Budget' : ''}`,
        scope,
        tenantRef,
        pinned: i % 97 === 0,
        author: i % 2 ? ('agent' as const) : ('human' as const),
        actorRef: scope.startsWith('actor:') ? scope.slice(6) : null,
        threadId: i % 11 === 0 ? 'thr_q3_report' : null,
        updatedAt: at(i),
      })),
    });
    const all = await expectSameAsFullList(alice, {}, 50);
    expect(all).toBeGreaterThan(1700);
    for (const filter of [
      { query: 'budget' },
      { query: 'GAMMA' },
      { threadId: 'thr_q3_report' },
      { query: 'global', threadId: 'thr_q3_report' },
    ]) {
      await expectSameAsFullList(alice, filter, 200);
    }
  }, 90_000); // 2,900 rows, some 40 pages and four filtered walks: 20 s on PGlite, 36 s on a busy machine
});
