// The review queue's page stays flat in the number of keys an organisation has (docs/benchmarks.md
// "review"): the published facts of a group, a JSON array per group, are built only for the rows
// the page keeps. Built for every group before the sort, they made 20,000 keys cost 302 ms.
// Checked by the statement's shape and by its plan on a tenant with more keys than a page: the
// facts' lookup runs once per row of the page, not once per group.
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';
import type { ReviewGroupQuery } from './query-review-groups';
import { reviewGroupsSql } from './query-review-groups-sql';

/** The moment of the reads: the seeded memories carry no expiry, so any moment offers them all. */
const NOW = new Date();

const db = useSeededDatabase();
const KEYS = 120;
const PAGE = 10;

beforeAll(async () => {
  // KEYS distinct conclusions of the assistant at people of Berlin: KEYS groups in the queue.
  await db.prisma.agentMemory.createMany({
    data: Array.from({ length: KEYS }, (_, i) => ({
      id: `mem_shape_${i}`,
      key: `shape-key-${String(i).padStart(3, '0')}`,
      text: `Shape fact ${i}.`,
      scope: `actor:u${1 + (i % 7)}`,
      tenantRef: 'berlin',
      author: 'agent' as const,
    })),
  });
});

const query = (published?: boolean): ReviewGroupQuery => ({
  tenants: ['berlin'],
  sort: 'people',
  limit: PAGE,
  texts: 3,
  ...(published === undefined ? {} : { published }),
});

/** Every plan node (with its loops) of an EXPLAIN (ANALYZE, FORMAT JSON) answer. */
function nodesOf(plan: unknown): { 'Node Type': string; 'Actual Loops': number; 'Relation Name'?: string; 'Index Name'?: string }[] {
  const nodes: ReturnType<typeof nodesOf> = [];
  const walk = (node: Record<string, unknown>) => {
    nodes.push(node as ReturnType<typeof nodesOf>[number]);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return nodes;
}

describe('the review queue page', () => {
  it('builds the published facts after the page is cut (shape)', () => {
    for (const published of [undefined, true, false]) {
      const { text } = reviewGroupsSql(query(published), NOW);
      const limit = text.indexOf('LIMIT');
      const facts = text.indexOf(`json_agg(json_build_object('scope'`);
      expect(limit).toBeGreaterThan(0);
      expect(facts, `published: ${published}`).toBeGreaterThan(limit);
    }
  });

  it('looks the published facts up once per row of the page, not once per group (plan)', async () => {
    const statement = reviewGroupsSql(query(), NOW);
    const [row] = await db.sql.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    const lookups = nodesOf(row!['QUERY PLAN']).filter((node) => node['Relation Name'] === 'agent_memory');
    expect(lookups.length).toBeGreaterThan(0);
    for (const node of lookups) expect(node['Actual Loops'], JSON.stringify(node)).toBeLessThanOrEqual(PAGE * 3);
  });

  it('filters by published before the page is cut, and the rows carry their facts', async () => {
    const published = await db.sql.query<{ key: string; published: unknown[] }>(
      reviewGroupsSql(query(true), NOW).text,
      reviewGroupsSql(query(true), NOW).values,
    );
    const open = await db.sql.query<{ key: string; published: unknown[] }>(
      reviewGroupsSql(query(false), NOW).text,
      reviewGroupsSql(query(false), NOW).values,
    );
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((group) => group.published.length > 0)).toBe(true);
    expect(open).toHaveLength(PAGE);
    expect(open.every((group) => group.published.length === 0)).toBe(true);
  });
});
