// DATABASE_POOL_MODE: behind a transaction pooler the runners never leave a named prepared
// statement on a server connection (the next transaction may get another one, where the name is
// unknown or means another statement), and the console refuses to migrate through the pooler.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testBackend } from '../testing/test-database';
import { databaseTargetFromEnv, migrationTargetFromEnv } from './config';
import { pgPoolRunner, pgRunner } from './sql-runner';

const preparedCount = 'SELECT count(*)::int AS "count" FROM pg_prepared_statements WHERE name = $1';

describe.skipIf(testBackend() !== 'postgres')('the runners per pool mode (needs TEST_DATABASE_URL)', () => {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
  afterAll(() => pool.end());

  it('keeps a named statement prepared in session mode and sends it unnamed in transaction mode', async () => {
    const session = pgPoolRunner(pool);
    const transaction = pgPoolRunner(pool, { namedStatements: false });
    expect(await transaction.query('SELECT 1 AS "one"', [], 'pool_mode_unnamed')).toEqual([{ one: 1 }]);
    expect(await transaction.query(preparedCount, ['pool_mode_unnamed'])).toEqual([{ count: 0 }]);
    // Inside a transaction of its own too.
    await transaction.transaction((tx) => tx.query('SELECT 2 AS "two"', [], 'pool_mode_unnamed_tx'));
    expect(await transaction.query(preparedCount, ['pool_mode_unnamed_tx'])).toEqual([{ count: 0 }]);
    expect(await session.query('SELECT 3 AS "three"', [], 'pool_mode_named')).toEqual([{ three: 3 }]);
    expect(await session.query(preparedCount, ['pool_mode_named'])).toEqual([{ count: 1 }]);
  });

  it('sends a single connection’s statements unnamed too', async () => {
    const client = await pool.connect();
    try {
      const runner = pgRunner(client, false, { namedStatements: false });
      await runner.query('SELECT 4 AS "four"', [], 'pool_mode_client');
      expect(await runner.query(preparedCount, ['pool_mode_client'])).toEqual([{ count: 0 }]);
    } finally {
      client.release();
    }
  });
});

describe('DATABASE_POOL_MODE in the configuration', () => {
  const url = 'postgresql://app@127.0.0.1:6432/console';
  it('defaults to session and is carried by the database target', () => {
    expect(databaseTargetFromEnv({ DATABASE_URL: url })).toEqual({ kind: 'postgres', url, poolMode: 'session' });
    expect(databaseTargetFromEnv({ DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction' })).toEqual({
      kind: 'postgres',
      url,
      poolMode: 'transaction',
    });
  });

  it('refuses a value it does not know, naming the variable and the choices', () => {
    expect(() => databaseTargetFromEnv({ DATABASE_URL: url, DATABASE_POOL_MODE: 'statement' })).toThrow(
      /DATABASE_POOL_MODE must be session or transaction/,
    );
  });

  it('refuses to migrate through a transaction pooler: migrations need MIGRATION_DATABASE_URL', () => {
    expect(() => migrationTargetFromEnv({ DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction' })).toThrow(
      /MIGRATION_DATABASE_URL is not set/,
    );
    const direct = 'postgresql://owner@127.0.0.1:5432/console';
    expect(migrationTargetFromEnv({ DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction', MIGRATION_DATABASE_URL: direct })).toEqual({
      kind: 'postgres',
      url: direct,
    });
  });
});
