// SqlRunner.copyOut on node-postgres's pool (the REST read-back streams through it,
// docs/architecture.md "The read path"): every row's text byte for byte, a parameterised statement
// written with literals reads what the parameters read, and a reader that stops early or stops
// asking gives its connection back instead of holding it, without ending the process.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testBackend } from '../testing/test-database';
import { pgPoolRunner, withLiterals } from './sql-runner';

const decoder = new TextDecoder();

describe.skipIf(testBackend() !== 'postgres')('the pool’s copy (needs TEST_DATABASE_URL)', () => {
  // One connection: whatever a copy leaves behind, the next statement needs that connection back.
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
  // An idle limit of one second rather than the production ten: the last test waits it out, and a
  // Vitest worker that waits runs nothing else meanwhile. Still far longer than any pause between
  // two chunks of a reader that keeps reading.
  const readerIdleLimitMs = 1_000;
  const runner = pgPoolRunner(pool, { readerIdleLimitMs });
  afterAll(() => pool.end());

  async function copied(sql: string): Promise<string> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of runner.copyOut!(sql)) chunks.push(chunk);
    return decoder.decode(Buffer.concat(chunks));
  }

  it('sends each row’s JSON text as it is, a line feed after each, and frees the connection', async () => {
    const texts = ['plain', 'a "quoted" word', 'back\\slash', 'tab\tand\nnew line', 'é✓ and 😀', ',;|'];
    const sql = `SELECT to_json(t) #>> '{}' AS "json" FROM (SELECT to_json(x)::text AS t FROM unnest(${withLiterals('$1::text[]', [texts])}) WITH ORDINALITY AS u(x, n) ORDER BY n) s`;
    const rows = (await copied(sql)).split('\n');
    expect(rows.pop()).toBe('');
    expect(rows.map((row) => JSON.parse(row))).toEqual(texts);
    expect(await runner.query('SELECT 1 AS "one"')).toEqual([{ one: 1 }]);
  });

  it('reads, with the parameters written as literals, what the statement reads with them as parameters', async () => {
    const sql = `SELECT concat_ws('|', $1::text, array_to_string($2::text[], ','), cardinality($3::text[]), $4::int, $5::boolean, $6::text IS NULL) AS "json"`;
    const params = ["it's a \\ and a '' and $2", ['depot:hh', "o'neil", ''], [], 42, true, null];
    const [expected] = await runner.query<{ json: string }>(sql, params);
    expect(await copied(withLiterals(sql, params))).toBe(`${expected!.json}\n`);
  });

  it('gives the connection back at once when the reader stops early', async () => {
    for await (const chunk of runner.copyOut!(`SELECT repeat('x', 10000) FROM generate_series(1, 2000)`)) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(await runner.query('SELECT 1 AS "one"')).toEqual([{ one: 1 }]);
  });

  it('rejects when the statement fails part-way, and the pool carries on', async () => {
    await expect(copied(`SELECT (1 / (g - 500))::text FROM generate_series(1, 1000) g`)).rejects.toThrow(/division by zero/);
    expect(await runner.query('SELECT 1 AS "one"')).toEqual([{ one: 1 }]);
  });

  it(
    'ends a copy whose reader stopped asking, after the idle limit, and the pool carries on with a new connection',
    async () => {
      // Far more than the sockets' buffers hold, so the copy cannot finish on its own.
      const chunks = runner.copyOut!(`SELECT repeat('x', 10000) FROM generate_series(1, 5000)`)[Symbol.asyncIterator]();
      expect((await chunks.next()).done).toBe(false);
      const asked = Date.now();
      // Waits for the pool's only connection, which the stalled copy holds until the limit.
      expect(await runner.query('SELECT 1 AS "one"')).toEqual([{ one: 1 }]);
      expect(Date.now() - asked).toBeGreaterThanOrEqual(readerIdleLimitMs - 100);
      await expect(chunks.next()).rejects.toThrow(/stopped asking/);
      expect(await runner.query('SELECT 2 AS "two"')).toEqual([{ two: 2 }]);
    },
    readerIdleLimitMs * 10,
  );
});
