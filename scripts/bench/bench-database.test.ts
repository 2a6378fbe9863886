// The bench's databases (scripts/bench/bench-database.ts): it creates uniquely named ones, marks
// them, and refuses to use or drop any database without its mark. On a stand-in server always, and
// on PostgreSQL too when TEST_DATABASE_URL is set.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUrlWithName } from '../../server/testing/database-url';
import { BENCH_MARK, BenchRefusal, benchDatabaseName, createMarked, dropMarked, requireMarked, type Queryable } from './bench-database';

/** A server's databases and their comments, and every statement sent to it. */
function standIn(databases: Record<string, string | null>) {
  const statements: string[] = [];
  const server: Queryable = {
    query(sql: string, values?: unknown[]) {
      statements.push(sql);
      if (sql.startsWith('SELECT shobj_description')) {
        const name = values![0] as string;
        return Promise.resolve({ rows: name in databases ? [{ comment: databases[name] }] : [] });
      }
      const created = /^CREATE DATABASE "(.+)"$/.exec(sql);
      if (created) databases[created[1]!] = null;
      const commented = /^COMMENT ON DATABASE "(.+)" IS '(.+)'$/.exec(sql);
      if (commented) databases[commented[1]!] = commented[2]!;
      const dropped = /^DROP DATABASE "(.+)" WITH \(FORCE\)$/.exec(sql);
      if (dropped) delete databases[dropped[1]!];
      return Promise.resolve({ rows: [] });
    },
  };
  return { server, statements, databases };
}

describe('the bench database', () => {
  it('is named after BENCH_DATABASE_URL’s database, the time and the pid', () => {
    expect(benchDatabaseName('postgresql://postgres@127.0.0.1:5432/mc_bench', new Date('2026-12-04T17:45:09Z'), 4242)).toBe(
      'mc_bench_20261204174509_4242',
    );
    expect(benchDatabaseName('postgresql://u@h/My-DB', new Date('2026-12-04T17:45:09Z'), 1)).toBe('my_db_20261204174509_1');
  });

  it('is created and marked; an existing database of that name is refused, untouched', async () => {
    const { server, databases, statements } = standIn({ mc_bench_1_1: null });
    await expect(createMarked(server, 'mc_bench_1_1')).rejects.toBeInstanceOf(BenchRefusal);
    expect(statements.some((sql) => /CREATE|COMMENT|DROP/.test(sql))).toBe(false);
    await createMarked(server, 'mc_bench_2_2');
    expect(databases.mc_bench_2_2).toBe(BENCH_MARK);
  });

  it('refuses to use or drop a database it did not create (no mark, or another comment)', async () => {
    const { server, databases, statements } = standIn({ mc_bench: null, shared: 'the team’s data' });
    await expect(requireMarked(server, 'mc_bench')).rejects.toThrow(/not created by the bench/);
    await expect(dropMarked(server, 'mc_bench')).rejects.toThrow(/refusing/);
    await expect(dropMarked(server, 'shared')).rejects.toThrow(/refusing/);
    await expect(dropMarked(server, 'missing')).rejects.toThrow(/does not exist/);
    expect(statements.filter((sql) => sql.startsWith('DROP'))).toEqual([]);
    expect(Object.keys(databases).sort()).toEqual(['mc_bench', 'shared']);
  });

  it('drops a database it marked', async () => {
    const { server, databases } = standIn({ mc_bench_3_3: BENCH_MARK });
    await dropMarked(server, 'mc_bench_3_3');
    expect(databases).toEqual({});
  });

  it('refuses a name it would not make (quotes, capitals)', async () => {
    const { server, statements } = standIn({});
    await expect(createMarked(server, 'x"; DROP DATABASE postgres; --')).rejects.toBeInstanceOf(BenchRefusal);
    await expect(dropMarked(server, 'Prod')).rejects.toBeInstanceOf(BenchRefusal);
    expect(statements).toEqual([]);
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    'on PostgreSQL: marks what it creates, refuses an unmarked database, drops only the marked one',
    async () => {
      const admin = new pg.Client({ connectionString: databaseUrlWithName(url!, 'postgres') });
      await admin.connect();
      const mine = benchDatabaseName(url!, new Date(), process.pid);
      const theirs = `${mine}_theirs`;
      try {
        await admin.query(`CREATE DATABASE "${theirs}"`);
        await createMarked(admin, mine);
        await requireMarked(admin, mine);
        await expect(requireMarked(admin, theirs)).rejects.toThrow(/not created by the bench/);
        await expect(dropMarked(admin, theirs)).rejects.toThrow(/refusing/);
        await dropMarked(admin, mine);
        const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname IN ($1, $2)`, [
          mine,
          theirs,
        ]);
        expect(rows.map((row) => row.datname)).toEqual([theirs]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${theirs}" WITH (FORCE)`);
        await admin.query(`DROP DATABASE IF EXISTS "${mine}" WITH (FORCE)`);
        await admin.end();
      }
    },
    60_000,
  ); // CREATE DATABASE copies a template: seconds on a busy machine
});
