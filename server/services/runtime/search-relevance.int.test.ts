// The runtime's search answers a turn's own words (docs/runtime-api.md "Search"): for each natural
// question of the suite (server/testing/search-relevance-cases.ts) the fact it asks about ranks in
// the top three, among the demo data and 2,000 shared facts of everyday words at the same scopes;
// records come in ranking order, then the pinned ones; and however many shared facts match the
// words, the plan only ever reads the scopes' records (never the full-text index over every tenant).
import { beforeAll, describe, expect, it } from 'vitest';
import { callRuntime } from '../../testing/runtime-memories';
import { tokenSecret } from '../../testing/runtime-tokens';
import { ALICE_SCOPES, noiseFacts, RELEVANCE_CASES, RELEVANCE_FACTS } from '../../testing/search-relevance-cases';
import { useSeededDatabase } from '../../testing/seeded-database';
import { searchRecordsSql } from './search-runtime-memories-sql';

const db = useSeededDatabase();
let berlin: string;
let hamburg: string;

const NOISE = 2_000;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read'])).secret;
  hamburg = (await tokenSecret(db, 'gina@example.com', 'hamburg', ['memories:read'])).secret;
  const shared = [...RELEVANCE_FACTS, ...noiseFacts(NOISE)];
  await db.prisma.agentMemory.createMany({
    data: shared.map(({ key, text }, i) => ({
      id: `mem_rel_${i}`,
      key,
      text,
      scope: 'tenant:berlin',
      tenantRef: 'berlin',
      author: 'human',
    })),
  });
  // Elsewhere in the organisation, people's own records full of the same words: what a plan that
  // searched the whole table first would have to wade through.
  await db.prisma.agentMemory.createMany({
    data: Array.from({ length: 3_000 }, (_, i) => ({
      id: `mem_rel_other_${i}`,
      key: `note-${i}`,
      text: `Lunch, parking and password notes number ${i} about the printer and the coffee machine.`,
      scope: `actor:bulk${i % 300}`,
      tenantRef: 'berlin',
      author: 'agent' as const,
    })),
  });
});

interface Answer {
  records: { key: string; scope: string; pinned: boolean }[];
  ranking: string[];
}

async function search(query: string, scopes: string[], limit = 10): Promise<Answer> {
  const secret = scopes.includes('tenant:berlin') ? berlin : hamburg;
  const { status, body } = await callRuntime(db, secret, 'search', { scopes, query, limit });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Answer;
}

describe('relevance', () => {
  it(`has at least 40 questions`, () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(RELEVANCE_CASES.map((c) => [c.query, c] as const))('%s', async (_query, { query, scopes, top3 }) => {
    const { ranking } = await search(query, scopes);
    expect(ranking.slice(0, 3), `ranking: ${ranking.join(', ')}`).toContain(top3);
  });

  it('answers in ranking order, then the pinned records no word matched', async () => {
    const { records, ranking } = await search('what is the fiscal year and the expense limit', ALICE_SCOPES);
    expect(ranking.length).toBeGreaterThan(1);
    const ranked = records.filter((record) => ranking.includes(record.key));
    const order = ranked.map((record) => ranking.indexOf(record.key));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const rest = records.slice(ranked.length);
    expect(rest.every((record) => record.pinned && !ranking.includes(record.key))).toBe(true);
    expect(records.slice(0, ranked.length)).toEqual(ranked);
  });

  it('answers a question of only stop words with the pinned records and no ranking', async () => {
    const { records, ranking } = await search('what is it that you would be', ALICE_SCOPES);
    expect(ranking).toEqual([]);
    const pinned = await db.prisma.agentMemory.count({ where: { scope: { in: ALICE_SCOPES }, pinned: true } });
    expect(records).toHaveLength(pinned);
  });

  it('ranks up to 200 keys', async () => {
    const { ranking } = await search('follow up on the request', ALICE_SCOPES, 200);
    expect(ranking).toHaveLength(200);
  });
});

describe('the words as written, made only where one of the words is', () => {
  // Most records in scope hold none of a question's words; they skip the vector of the words as
  // written. These questions need that vector: a word left out, and a word still being typed.
  beforeAll(async () => {
    await db.prisma.agentMemory.createMany({
      data: [
        { key: 'zebra-printer', text: 'The zebra crossing by the printer room is closed.' },
        { key: 'zebra-gate', text: 'Use the zebra crossing at the south gate.' },
        { key: 'car-park-stripes', text: 'The ZEBRA crossings of the car park are painted again every spring.' },
        { key: 'road-works', text: 'The road can be crossed at the lights only.' },
      ].map(({ key, text }) => ({
        id: `mem_rel_${key}`,
        key,
        text,
        scope: 'tenant:berlin',
        tenantRef: 'berlin',
        author: 'human' as const,
      })),
    });
  });

  it('leaves out the records holding an excluded word, and keeps the others', async () => {
    const { ranking } = await search('crossing -printer', ALICE_SCOPES);
    expect(ranking).toContain('zebra-gate');
    // "crossed" matches in English only: the record holds neither word as written, and stays.
    expect(ranking).toContain('road-works');
    expect(ranking).not.toContain('zebra-printer');
  });

  it('finds a word still being typed, whatever its case in the record', async () => {
    // Only the words as written match a beginning ("zebr" is no English word's stem), and one
    // record holds the word only in capitals (its key says "car park").
    const { ranking } = await search('zebr', ALICE_SCOPES);
    expect(ranking.sort()).toEqual(['car-park-stripes', 'zebra-gate', 'zebra-printer']);
  });
});

describe('the plan', () => {
  it('reads only the scopes’ records, never the full-text or trigram indexes over the whole table', async () => {
    const statement = searchRecordsSql({ scopes: ALICE_SCOPES, query: 'lunch parking password printer coffee', limit: 10 }, new Date());
    const [row] = await db.sql.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
    // Shape: nothing matches against the stored, indexed "search" column; the vectors are made
    // from the scopes' rows. (The statement before this one matched it, and flipped to its index
    // once the scopes held a few thousand records: 47–73 ms instead of 0.1.)
    expect(statement.text).not.toMatch(/"search"\s*@@|websearch_to_tsquery/);
    // One vector per record in scope, in English; the words as written only where the record
    // holds one of the question's words (the third to_tsvector reads the question's own words);
    // the key's own words only for the records a word matched.
    const candidates = statement.text.slice(0, statement.text.indexOf('"q" AS'));
    expect(candidates.match(/to_tsvector\(/g)).toHaveLength(3);
    expect(candidates).toMatch(/CASE WHEN lower\([^)]*\)[^)]*\) LIKE ANY \(ARRAY\(SELECT[^]*THEN to_tsvector\('simple'/);
    const plan = JSON.stringify(row!['QUERY PLAN']);
    const indexes = [...plan.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((match) => match[1]);
    expect(indexes.filter((name) => /search|trgm/.test(name!))).toEqual([]);
    // agent_memory is read through the scope, by an index on it or not at all by index.
    expect(indexes.every((name) => /^agent_memory_(scope|pinned)/.test(name!))).toBe(true);
  });
});
