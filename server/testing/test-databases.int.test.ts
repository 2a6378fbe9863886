// The test databases themselves: each stage of the run's template holds what its name promises,
// and every copy is independent of the others and of the template.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../db/migrate';
import { pgliteRunner, pgRunner } from '../db/sql-runner';
import { createSeededDatabase, useSeededDatabase } from './seeded-database';
import { createEmptyDatabase, createTestDatabase } from './test-database';

const db = useSeededDatabase();
const early = (() => {
  try {
    return String(db.prisma);
  } catch (error) {
    return (error as Error).message;
  }
})();

describe('useSeededDatabase', () => {
  it('is refused, with a plain message, before its hooks have run', () => {
    expect(early).toMatch(/useSeededDatabase: the database is open only inside hooks and tests \(read \.prisma\)/);
  });

  it('holds the demo people without the file seeding anything', async () => {
    expect(await db.userId('alice@example.com')).toMatch(/^usr_/);
    expect(await db.prisma.agentMemory.count()).toBeGreaterThan(0);
  });

  it('gives every copy its own data: a change in one is not in the next', async () => {
    await db.prisma.agentMemory.deleteMany({});
    const other = await createSeededDatabase();
    try {
      expect(await db.prisma.agentMemory.count()).toBe(0);
      expect(await other.prisma.agentMemory.count()).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});

describe('the other template stages', () => {
  it('a migrated database has every migration applied and no rows', async () => {
    const migrated = await createTestDatabase();
    try {
      expect(await migrated.prisma.user.count()).toBe(0);
      const applied = await migrated.sql.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" ORDER BY 1');
      expect(applied.map((row) => row.migration_name)).toEqual(readMigrations().map((m) => m.name));
    } finally {
      await migrated.close();
    }
  });

  it('an empty database has no tables at all', async () => {
    const empty = await createEmptyDatabase();
    const client = empty.url ? new pg.Client({ connectionString: empty.url }) : undefined;
    try {
      await client?.connect();
      const sql = empty.pglite ? pgliteRunner(empty.pglite) : pgRunner(client!);
      const tables = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()`,
      );
      expect(tables[0]!.n).toBe(0);
    } finally {
      await client?.end();
      await empty.drop();
    }
  });
});
