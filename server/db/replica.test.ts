// The read replica's configuration and routing (server/db/replica.ts): refused set-ups name the
// variable; a request's reads — raw and through Prisma — follow one choice (read-connection.ts);
// writes never reach the replica. The routing on a
// real primary and replica with paused replay is scripts/cluster/replica.ts.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../config/env';
import { databaseTargetFromEnv } from './config';
import type { PrismaClient } from './generated/client';
import { requestReads } from './read-connection';
import { parseLsn, type ReplicaRouter } from './replica';
import type { SqlRunner } from './sql-runner';

const primaryUrl = 'postgresql://app@db-primary:5432/console';
const replicaUrl = 'postgresql://app@db-replica:5432/console';

describe('DATABASE_REPLICA_URL', () => {
  it('is refused without DATABASE_URL, naming both', () => {
    expect(() => parseEnv({ DATABASE_REPLICA_URL: replicaUrl })).toThrow(/DATABASE_REPLICA_URL is set but DATABASE_URL is not/);
  });

  it('is refused when it is the primary itself', () => {
    expect(() => parseEnv({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: primaryUrl })).toThrow(ConfigError);
  });

  it('is refused when it is no PostgreSQL connection string', () => {
    expect(() => parseEnv({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(
      /DATABASE_REPLICA_URL must be a PostgreSQL/,
    );
  });

  it('refuses a wait outside 0–10000 ms', () => {
    expect(() => parseEnv({ REPLICA_WAIT_MS: '60000' })).toThrow(/REPLICA_WAIT_MS must be a whole number from 0 to 10000/);
  });

  it('becomes the target’s replica with its wait; unset, there is none', () => {
    expect(databaseTargetFromEnv({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: replicaUrl, REPLICA_WAIT_MS: '250' })).toMatchObject({
      replica: { url: replicaUrl, waitMs: 250 },
    });
    expect(databaseTargetFromEnv({ DATABASE_URL: primaryUrl })).not.toHaveProperty('replica');
  });
});

describe('parseLsn', () => {
  it.each([
    ['16/B374D848', '16/B374D848'],
    ['0/1a2b', '0/1A2B'],
    ["0/0'; DROP TABLE x; --", null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (raw, parsed) => expect(parseLsn(raw)).toBe(parsed));
});

function runner(name: string, log: string[]): SqlRunner {
  return {
    exec: async (sql) => void log.push(`${name} exec ${sql}`),
    query: async <Row>(sql: string) => {
      log.push(`${name} ${sql}`);
      return [] as Row[];
    },
    transaction: async (work) => {
      log.push(`${name} transaction`);
      return work(runner(name, log));
    },
  };
}

describe('requestReads', () => {
  const primaryPrisma = { name: 'primary prisma' } as unknown as PrismaClient;
  const replicaPrisma = { name: 'replica prisma' } as unknown as PrismaClient;

  function fakeReplica(replica: SqlRunner, primary: SqlRunner, asked: (string | null | undefined)[]): ReplicaRouter {
    return {
      writePosition: async () => '0/1',
      // The fake's rule: a person with a write waits for nothing and reads the primary.
      readerFor: async (after) => {
        asked.push(after);
        return after ? { runner: primary, on: 'primary' } : { runner: replica, on: 'replica' };
      },
      prisma: () => replicaPrisma,
      lag: async () => ({ bytes: 0, replaySeconds: 0, paused: false }),
      close: async () => {},
    };
  }
  const target = { kind: 'postgres', url: 'postgresql://app@db-primary:5432/console' } as const;

  it('asks where to read once per request; raw reads, Prisma reads and the connection follow it; scripts and transactions go to the primary', async () => {
    const log: string[] = [];
    const primary = runner('primary', log);
    const asked: (string | null | undefined)[] = [];
    const reads = requestReads(
      { prisma: primaryPrisma, pool: primary, target, replica: fakeReplica(runner('replica', log), primary, asked) },
      null,
    );
    await Promise.all([reads.sql!.query('SELECT 1'), reads.sql!.query('SELECT 2')]);
    const connection = await reads.connection();
    await connection.sql!.query('SELECT 3');
    await reads.sql!.exec('UPDATE t SET x = 1');
    await reads.sql!.transaction((tx) => tx.query('SELECT 4'));
    expect(asked).toEqual([null]);
    expect(connection.on).toBe('replica');
    expect(connection.prisma).toBe(replicaPrisma);
    expect(log).toEqual([
      'replica SELECT 1',
      'replica SELECT 2',
      'replica SELECT 3',
      'primary exec UPDATE t SET x = 1',
      'primary transaction',
      'primary SELECT 4',
    ]);
    expect(await reads.writePosition!()).toBe('0/1');
  });

  it('sends a request the replica is not ready for to the primary, Prisma included', async () => {
    const log: string[] = [];
    const primary = runner('primary', log);
    const reads = requestReads(
      { prisma: primaryPrisma, pool: primary, target, replica: fakeReplica(runner('replica', log), primary, []) },
      '0/10',
    );
    const connection = await reads.connection();
    await reads.sql!.query('SELECT 1');
    expect(connection).toMatchObject({ on: 'primary', prisma: primaryPrisma });
    expect(log).toEqual(['primary SELECT 1']);
  });

  it('without a replica: the primary, the same connections as before, and no write position to remember', async () => {
    const log: string[] = [];
    const pool = runner('pool', log);
    const onPostgres = requestReads({ prisma: primaryPrisma, pool, target }, '0/10');
    expect(await onPostgres.connection()).toEqual({ on: 'primary', prisma: primaryPrisma, sql: pool });
    expect(onPostgres.sql).toBe(pool);
    expect(onPostgres.writePosition).toBeUndefined();
    const onPglite = requestReads({ prisma: primaryPrisma, pool, target: { kind: 'pglite', dataDir: '/tmp/x' } }, null);
    expect(await onPglite.connection()).toEqual({ on: 'primary', prisma: primaryPrisma });
    expect(onPglite.sql).toBeUndefined();
  });
});
