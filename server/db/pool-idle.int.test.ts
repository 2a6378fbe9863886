// The server's connection pool keeps a connection it is not using for POOL_IDLE_MS (ten minutes),
// not node-postgres' 10 s: a person who reads a page for a while gets the next one on the same
// PostgreSQL backends, whose caches and prepared statements are warm (docs/benchmarks.md "Idle
// connections"). The pool's idle timer is a plain setTimeout, so the clock is faked around it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBackend } from '../testing/test-database';
import { openPgPool, POOL_IDLE_MS } from './sql-runner';

describe.skipIf(testBackend() !== 'postgres')('the server’s connection pool (needs TEST_DATABASE_URL)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its idle connections past 10 s and closes them after POOL_IDLE_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pool = openPgPool(process.env.TEST_DATABASE_URL!);
    try {
      // Three statements at once open three connections, which go idle together.
      const pids = await Promise.all(
        [1, 2, 3].map(async () => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')).rows[0]!.pid),
      );
      expect(new Set(pids).size).toBe(3);
      expect(pool.idleCount).toBe(3);

      vi.advanceTimersByTime(60_000);
      expect(pool.totalCount).toBe(3);
      // The same backends answer again: nothing was closed and opened behind the pool's back.
      const again = await Promise.all(
        [1, 2, 3].map(async () => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')).rows[0]!.pid),
      );
      expect(new Set(again)).toEqual(new Set(pids));

      vi.advanceTimersByTime(POOL_IDLE_MS);
      expect(pool.totalCount).toBe(0);
    } finally {
      vi.useRealTimers();
      await pool.end();
    }
  });
});
