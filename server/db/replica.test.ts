// The read replica's configuration and routing (server/db/replica.ts): refused set-ups name the
// variable; a request's reads follow one choice; writes never reach the replica. The routing on a
// real primary and replica with paused replay is scripts/cluster/replica.ts.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../config/env';
import { databaseTargetFromEnv } from './config';
import { parseLsn, routedReader, type ReplicaRouter } from './replica';
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

describe('routedReader', () => {
  it('asks where to read once per request, sends every read there, and scripts and transactions to the primary', async () => {
    const log: string[] = [];
    const replica = runner('replica', log);
    const primary = runner('primary', log);
    const asked: (string | null | undefined)[] = [];
    const router: ReplicaRouter = {
      writePosition: async () => '0/1',
      readerFor: async (after) => {
        asked.push(after);
        return { runner: replica, on: 'replica' };
      },
      lag: async () => ({ bytes: 0, replaySeconds: 0, paused: false }),
      close: async () => {},
    };
    const reader = routedReader(router, primary, '0/10');
    await Promise.all([reader.query('SELECT 1'), reader.query('SELECT 2')]);
    await reader.exec('UPDATE t SET x = 1');
    await reader.transaction((tx) => tx.query('SELECT 3'));
    expect(asked).toEqual(['0/10']);
    expect(log).toEqual([
      'replica SELECT 1',
      'replica SELECT 2',
      'primary exec UPDATE t SET x = 1',
      'primary transaction',
      'primary SELECT 3',
    ]);
  });
});
