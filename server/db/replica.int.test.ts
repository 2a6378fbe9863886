// A DATABASE_REPLICA_URL that names a server which is not a replica is refused at start, naming the
// variable (server/db/replica.ts). The test server is a primary, so it serves as the wrong one.
import { describe, expect, it } from 'vitest';
import { testBackend } from '../testing/test-database';
import { openReplica } from './replica';
import type { SqlRunner } from './sql-runner';

describe.skipIf(testBackend() !== 'postgres')('openReplica (needs TEST_DATABASE_URL)', () => {
  const primary = {} as SqlRunner;

  it('refuses a server that is not in recovery', async () => {
    await expect(openReplica(process.env.TEST_DATABASE_URL!, primary, { waitMs: 100 })).rejects.toThrow(
      /DATABASE_REPLICA_URL points at a server that is not a replica \(pg_is_in_recovery\(\) is false\)/,
    );
  });

  it('refuses a server it cannot reach', async () => {
    await expect(openReplica('postgresql://nobody@127.0.0.1:1/none', primary, { waitMs: 100 })).rejects.toThrow(
      /Cannot connect to the replica: .*Check DATABASE_REPLICA_URL/,
    );
  });
});
