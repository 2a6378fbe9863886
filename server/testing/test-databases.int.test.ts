// The test databases themselves: each stage of the run's template holds what its name promises,
// and every copy is independent of the others and of the template.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../db/migrate';
import { pgliteRunner, pgRunner } from '../db/sql-runner';
import { createSeededDatabase, useSeededDatabase } from './seeded-database';
import { databaseUrlWithName } from './database-url';
import { createEmptyDatabase, createTestDatabase, testBackend } from './test-database';
import { keepablePglite, keepablePostgres } from './keepable';
import { keeper } from './kept-seeded';

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

/** Every table's rows, in a stable order, as one text per table. */
async function contents(copy: { sql: { query<Row>(sql: string): Promise<Row[]> } }) {
  const tables = await copy.sql.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const lines = await copy.sql.query<{ line: string }>(`SELECT row_to_json(t)::text AS line FROM "${name}" t`);
    rows[name] = lines.map((row) => row.line).sort();
  }
  return rows;
}

// Which database a copy is: on PostgreSQL its name, on PGlite its instance (each restore starts one).
async function identity(copy: { sql: { query<Row>(sql: string): Promise<Row[]> } }): Promise<string> {
  return (await copy.sql.query<{ id: string }>(`SELECT current_database() || ' ' || pg_postmaster_start_time() AS id`))[0]!.id;
}

// A worker keeps one seeded database and puts it back between files (kept-seeded.ts). The next
// copy must not tell the difference from a new one.
describe('a copy handed out after another was changed and closed', () => {
  it('is the kept database put back when the one before changed only rows', async () => {
    const first = await createSeededDatabase();
    const kept = await identity(first);
    await first.prisma.agentMemory.deleteMany({});
    await first.close();
    const second = await createSeededDatabase();
    try {
      expect(await identity(second)).toBe(kept);
      expect(await second.prisma.agentMemory.count()).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it.runIf(testBackend() === 'postgres')(
    'ends a connection the file before left open inside a transaction, and is still kept',
    async () => {
      const first = await createSeededDatabase();
      const kept = await identity(first);
      const { name } = (await first.sql.query<{ name: string }>('SELECT current_database() AS name'))[0]!;
      const left = new pg.Client({ connectionString: databaseUrlWithName(process.env.TEST_DATABASE_URL!, name) });
      left.on('error', () => {});
      await left.connect();
      // Its row locks would hold up the refill for as long as the connection lived.
      await left.query(`BEGIN; DELETE FROM "agent_memory"`);
      await first.close();
      const second = await createSeededDatabase();
      try {
        expect(await identity(second)).toBe(kept);
        expect(await second.prisma.agentMemory.count()).toBeGreaterThan(0);
        await expect(left.query('SELECT 1')).rejects.toThrow();
      } finally {
        await second.close();
        await left.end().catch(() => {});
      }
    },
  );

  it('holds the template rows again, with the session and triggers as a fresh copy has them', async () => {
    const first = await createSeededDatabase();
    const seeded = await contents(first);
    const zone = async (copy: typeof first) =>
      (await copy.sql.query<{ zone: string }>(`SELECT current_setting('TimeZone') AS zone`))[0]!.zone;
    const fresh = await zone(first);
    await first.prisma.agentMemory.deleteMany({ where: { scope: 'actor:u1' } });
    await first.prisma.user.updateMany({ data: { name: 'changed' } });
    await first.sql.exec(`SET TIME ZONE 'Asia/Tokyo'`);
    await first.close();

    const second = await createSeededDatabase();
    try {
      expect(await contents(second)).toEqual(seeded);
      expect(await zone(second)).toBe(fresh);
      // The triggers work again (they were off while the rows were put back): audit rows stay append-only.
      await expect(second.sql.exec(`UPDATE "audit_event" SET "key" = 'forged'`)).rejects.toThrow();
    } finally {
      await second.close();
    }
  });

  it('is not a database whose tables a file changed, nor one left inside a transaction', async () => {
    const altered = await createSeededDatabase();
    await altered.sql.exec('ALTER TABLE "tenant" ADD COLUMN "extra" text');
    await altered.close();
    const next = await createSeededDatabase();
    try {
      const columns = await next.sql.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'tenant' AND column_name = 'extra'`,
      );
      expect(columns).toEqual([]);
      await next.sql.exec(`BEGIN; DELETE FROM "agent_memory"`);
    } finally {
      await next.close();
    }
    const after = await createSeededDatabase();
    try {
      expect(await after.prisma.agentMemory.count()).toBeGreaterThan(0);
    } finally {
      await after.close();
    }
  });
});

describe('a kept database put back', () => {
  it('takes its sequences back to where they stood, so numbers never depend on the files before', async () => {
    const empty = await createEmptyDatabase();
    const database = empty.url ? await keepablePostgres(empty.url, empty.drop) : keepablePglite(empty.pglite!);
    for (const statement of [
      `CREATE TABLE "row" ("n" int)`,
      `CREATE SEQUENCE "untouched"`,
      `CREATE SEQUENCE "counter"`,
      `SELECT nextval('"counter"'), nextval('"counter"')`,
    ])
      await database.query(statement);
    const kept = keeper<unknown, typeof database>();
    try {
      const first = await kept.borrow(async () => database);
      const next = async (name: string) => (await first.database.query<{ n: string }>(`SELECT nextval('"${name}"')::text AS n`))[0]!.n;
      expect([await next('counter'), await next('untouched')]).toEqual(['3', '1']);
      await next('counter');
      await first.giveBack();
      const second = await kept.borrow(() => Promise.reject(new Error('the kept one was not put back')));
      expect(second.database).toBe(database);
      expect([await next('counter'), await next('untouched')]).toEqual(['3', '1']);
    } finally {
      await database.close();
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
