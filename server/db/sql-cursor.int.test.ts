// SqlRunner.cursor on node-postgres's pool (the REST read-back streams through it,
// docs/architecture.md "The read path"): batches in order, and a reader that stops asking loses
// its connection after CURSOR_IDLE_LIMIT_MS instead of holding it, without ending the process.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testBackend } from '../testing/test-database';
import { CURSOR_IDLE_LIMIT_MS, pgPoolRunner } from './sql-runner';

describe.skipIf(testBackend() !== 'postgres')('the pool’s cursor (needs TEST_DATABASE_URL)', () => {
  // One connection: whatever a cursor leaves behind, the next statement needs that connection back.
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
  const runner = pgPoolRunner(pool);
  const rowsOf = 'SELECT g FROM generate_series(1, $1::int) g ORDER BY g';
  afterAll(() => pool.end());

  it('reads every row in batches of the size asked for, in order, and frees the connection', async () => {
    const batches: number[][] = [];
    for await (const batch of runner.cursor!<{ g: number }>(rowsOf, [7], 3)) batches.push(batch.map((row) => row.g));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(await runner.query('SELECT 1 AS "one"')).toEqual([{ one: 1 }]);
  });

  it(
    'ends a cursor whose reader stopped asking, and the pool carries on with a new connection',
    async () => {
      const batches = runner.cursor!<{ g: number }>(rowsOf, [10], 1)[Symbol.asyncIterator]();
      expect((await batches.next()).value).toEqual([{ g: 1 }]);
      // Wait for the server to end the idle transaction (the event, not a fixed time).
      const watcher = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await watcher.connect();
      try {
        const idle = async () =>
          Number(
            (await watcher.query(`SELECT count(*) AS "n" FROM pg_stat_activity WHERE "datname" = current_database() AND "state" = 'idle in transaction' AND "query" LIKE 'FETCH%'`))
              .rows[0].n,
          );
        const until = Date.now() + CURSOR_IDLE_LIMIT_MS * 3;
        while ((await idle()) > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await idle()).toBe(0);
      } finally {
        await watcher.end();
      }
      await expect(batches.next()).rejects.toThrow();
      expect(await runner.query('SELECT 1 AS "one"')).toEqual([{ one: 1 }]);
    },
    CURSOR_IDLE_LIMIT_MS * 4,
  );
});
