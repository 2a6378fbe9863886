// No query text may make the runtime's search fail. Forty minus signs made PostgreSQL 15 give up
// parsing the web-search query ("tsquery stack too small"; PGlite words it otherwise) and the
// request answered 500. These assert what the search answers, on both databases, for that query
// and for random ones built of the syntax's own characters.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRuntime } from '../testing/runtime-memories';
import { tokenSecret } from '../testing/runtime-tokens';
import { useSeededDatabase } from '../testing/seeded-database';

const db = useSeededDatabase();
let reader: string;
const SCOPES = ['actor:u1', 'tenant:berlin', 'global'];

beforeAll(async () => {
  reader = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read'])).secret;
});

const search = (query: string) => callRuntime(db, reader, 'search', { scopes: SCOPES, query, limit: 10 });

describe('POST /api/runtime/memories/search with hostile query text', () => {
  it.each([
    ['forty minus signs', '-'.repeat(40)],
    ['minus signs apart', '- '.repeat(40)],
    ['minus signs between brackets', '-('.repeat(40)],
    ['the longest query, all minus signs', '-'.repeat(500)],
  ])('%s: answers with the pinned records and no ranking', async (_name, query) => {
    const pinned = await db.prisma.agentMemory.findMany({ where: { scope: { in: SCOPES }, pinned: true }, select: { id: true } });
    const { status, body } = await search(query);
    expect(status).toBe(200);
    expect(body.ranking).toEqual([]);
    expect(body.records.map((record: { id: string }) => record.id).sort()).toEqual(pinned.map((record) => record.id).sort());
  });

  it('reads any run of minus signs right before a word as one: the word is excluded; apart from a word they are nothing', async () => {
    const plain = await search('calendar');
    expect(plain.body.ranking).toContain('fiscal-year');
    expect((await search(`${'-'.repeat(40)}calendar`)).body.ranking).toEqual([]);
    expect((await search(`${'- '.repeat(40)}calendar`)).body.ranking).toEqual(plain.body.ranking);
    expect((await search(`year ${'-'.repeat(41)}calendar`)).body).toEqual((await search('year -calendar')).body);
  });

  it('answers 200 for random queries made of the syntax’s characters', async () => {
    const piece = fc.constantFrom(
      '-',
      '-',
      '-',
      ' ',
      '(',
      ')',
      '!',
      '&',
      '|',
      '<',
      '>',
      '<->',
      ':',
      '*',
      '"',
      "'",
      '\\',
      ',',
      'or',
      'OR',
      'calendar',
      'é',
      '😀',
      '\t',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 200 }), async (pieces) => {
        const query = pieces.join('').slice(0, 500);
        if (query.trim() === '') return;
        const { status } = await search(query);
        expect(status, JSON.stringify(query)).toBe(200);
      }),
      { numRuns: 60, seed: 20261204 },
    );
  });
});
