// Behind a transaction pooler the reads that would be kept prepared keep their plans in temporary
// functions (plan-functions.ts): the same rows as the statement run unnamed, on every server
// connection a read reaches, with nothing left prepared or in the schema.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackend } from '../testing/test-database';
import { planFunctions } from './plan-functions';
import { pgPoolRunner } from './sql-runner';

// Ending in a comment, as a statement may.
const READ = `SELECT $1::text AS "name", $2::timestamp AS "at", $3::text[] AS "scopes", $4::int + 1 AS "next",
  jsonb_build_object('n', $4::int) AS "doc", NULL::text AS "none", g AS "row"
  FROM generate_series(1, $4::int) AS g ORDER BY g -- one row a number`;
const PARAMS = ['Berlin office', new Date('2026-12-07T10:11:12.345Z'), ['actor:u1', 'global'], 3];

/** The temporary functions on the connection a query reaches (pools of one connection below), without their versions. */
const TEMPORARY_FUNCTIONS = `SELECT regexp_replace(proname, '_[0-9a-f]{24}$', '') AS "name" FROM pg_proc WHERE pronamespace = pg_my_temp_schema() ORDER BY proname`;
const PREPARED = `SELECT count(*)::int AS "count" FROM pg_prepared_statements`;

describe.skipIf(testBackend() !== 'postgres')('plan functions behind a transaction pooler (needs TEST_DATABASE_URL)', () => {
  const pools: pg.Pool[] = [];
  const poolOf = (max: number) => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max });
    pools.push(pool);
    return pool;
  };
  const table = `plan_functions_${process.pid}`;
  let unnamed: ReturnType<typeof pgPoolRunner>;

  beforeAll(async () => {
    unnamed = pgPoolRunner(poolOf(1), { namedStatements: false });
    await unnamed.exec(`CREATE TABLE "${table}" ("v" int NOT NULL); INSERT INTO "${table}" VALUES (7)`);
  });
  afterAll(async () => {
    await unnamed.exec(`DROP TABLE IF EXISTS "${table}"`);
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('answers a named read with the rows of the unnamed statement, then from a function on that connection', async () => {
    const expected = await unnamed.query(READ, PARAMS);
    expect(expected).toHaveLength(3);
    expect(expected[0]).toMatchObject({ at: PARAMS[1], scopes: PARAMS[2], next: 4, doc: { n: 3 }, none: null });
    const lines: string[] = [];
    const runner = pgPoolRunner(poolOf(1), { namedStatements: false, planFunctions: planFunctions({ log: (line) => lines.push(line) }) });
    for (let run = 0; run < 3; run += 1) expect(await runner.query(READ, PARAMS, 'plan_fn_read')).toEqual(expected);
    expect(await runner.query(TEMPORARY_FUNCTIONS)).toEqual([{ name: 'plan_fn_read' }]);
    // What the function was defined from is not left prepared.
    expect(await runner.query(PREPARED)).toEqual([{ count: 0 }]);
    // Other values, the same function.
    expect(await runner.query(READ, ['Global', PARAMS[1], [], 1], 'plan_fn_read')).toEqual([
      { name: 'Global', at: PARAMS[1], scopes: [], next: 2, doc: { n: 1 }, none: null, row: 1 },
    ]);
    expect(lines).toEqual([]);
  });

  it('creates the function on each server connection a read reaches, also when several reach them at once', async () => {
    const expected = await unnamed.query(READ, PARAMS);
    const functions = planFunctions();
    // Learnt on one connection …
    expect(
      await pgPoolRunner(poolOf(1), { namedStatements: false, planFunctions: functions }).query(READ, PARAMS, 'plan_fn_spread'),
    ).toEqual(expected);
    // … then called on four others that have never seen it, twelve reads at once.
    const pool = poolOf(4);
    const runner = pgPoolRunner(pool, { namedStatements: false, planFunctions: functions });
    const answers = await Promise.all(Array.from({ length: 12 }, () => runner.query(READ, PARAMS, 'plan_fn_spread')));
    for (const answer of answers) expect(answer).toEqual(expected);
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query(TEMPORARY_FUNCTIONS);
        expect(rows).toEqual([{ name: 'plan_fn_spread' }]);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('keeps a statement that writes (as the token lookup does) writing once a call, and not at all when it fails', async () => {
    const runner = pgPoolRunner(poolOf(1), { namedStatements: false, planFunctions: planFunctions() });
    const counter = `plan_functions_counter_${process.pid}`;
    await unnamed.exec(`CREATE TABLE "${counter}" ("n" int NOT NULL); INSERT INTO "${counter}" VALUES (0)`);
    try {
      const bump = `WITH "bumped" AS (UPDATE "${counter}" SET "n" = "n" + 1 RETURNING "n") SELECT 10 / $1::int AS "share", "n" FROM "bumped"`;
      for (let run = 1; run <= 4; run += 1) expect(await runner.query(bump, [2], 'plan_fn_bump')).toEqual([{ share: 5, n: run }]);
      await expect(runner.query(bump, [0], 'plan_fn_bump')).rejects.toMatchObject({ code: '22012' });
      expect(await unnamed.query(`SELECT "n" FROM "${counter}"`)).toEqual([{ n: 4 }]);
      expect(await runner.query(TEMPORARY_FUNCTIONS)).toEqual([{ name: 'plan_fn_bump' }]);
    } finally {
      await unnamed.exec(`DROP TABLE "${counter}"`);
    }
  });

  it('passes an error of the statement itself to the caller unchanged', async () => {
    const runner = pgPoolRunner(poolOf(1), { namedStatements: false, planFunctions: planFunctions() });
    const divide = 'SELECT 10 / $1::int AS "share"';
    expect(await runner.query(divide, [2], 'plan_fn_divide')).toEqual([{ share: 5 }]);
    expect(await runner.query(divide, [5], 'plan_fn_divide')).toEqual([{ share: 2 }]);
    await expect(runner.query(divide, [0], 'plan_fn_divide')).rejects.toMatchObject({ code: '22012' });
    expect(await runner.query(divide, [1], 'plan_fn_divide')).toEqual([{ share: 10 }]);
  });

  it('never calls a function made for another text: two versions of a console behind one pooler each get their own answer', async () => {
    const pool = poolOf(1);
    const older = pgPoolRunner(pool, { namedStatements: false, planFunctions: planFunctions() });
    const newer = pgPoolRunner(pool, { namedStatements: false, planFunctions: planFunctions() });
    for (let run = 0; run < 3; run += 1) {
      expect(await older.query('SELECT $1::int AS "n", \'older\' AS "version"', [run], 'plan_fn_versions')).toEqual([
        { n: run, version: 'older' },
      ]);
      expect(await newer.query('SELECT $1::int + 100 AS "n", \'newer\' AS "version"', [run], 'plan_fn_versions')).toEqual([
        { n: run + 100, version: 'newer' },
      ]);
    }
    expect(await older.query(TEMPORARY_FUNCTIONS)).toEqual([{ name: 'plan_fn_versions' }, { name: 'plan_fn_versions' }]);
    // Within one process a name stands for one text, as node-postgres requires of a prepared name.
    await expect(older.query('SELECT 2 AS "n"', [], 'plan_fn_versions')).rejects.toThrow(
      /Statement plan_fn_versions was kept for another text/,
    );
  });

  it('runs a statement that cannot be a function unnamed, and says why once', async () => {
    const lines: string[] = [];
    const runner = pgPoolRunner(poolOf(1), { namedStatements: false, planFunctions: planFunctions({ log: (line) => lines.push(line) }) });
    const twice = 'SELECT $1::int AS "a", 2 AS "a"';
    for (let run = 0; run < 2; run += 1) expect(await runner.query(twice, [1], 'plan_fn_twice')).toEqual([{ a: 2 }]);
    expect(await runner.query(TEMPORARY_FUNCTIONS)).toEqual([]);
    expect(lines).toEqual([
      'Statement plan_fn_twice is planned on every run behind the transaction pooler: two of its columns have the same name.',
    ]);
  });

  it('runs a statement unnamed from then on where PostgreSQL will not create its function (here: a read-only connection)', async () => {
    const readOnly = new pg.Pool({
      connectionString: process.env.TEST_DATABASE_URL,
      max: 1,
      options: '-c default_transaction_read_only=on',
    });
    pools.push(readOnly);
    const lines: string[] = [];
    const runner = pgPoolRunner(readOnly, { namedStatements: false, planFunctions: planFunctions({ log: (line) => lines.push(line) }) });
    const expected = await unnamed.query(READ, PARAMS);
    for (let run = 0; run < 3; run += 1) expect(await runner.query(READ, PARAMS, 'plan_fn_read_only')).toEqual(expected);
    expect(await runner.query(TEMPORARY_FUNCTIONS)).toEqual([]);
    expect(lines).toEqual([
      'Statement plan_fn_read_only is planned on every run behind the transaction pooler: its function could not be created (cannot execute CREATE FUNCTION in a read-only transaction).',
    ]);
  });

  it('follows a column whose type a migration changed while the function was in use', async () => {
    const runner = pgPoolRunner(poolOf(1), { namedStatements: false, planFunctions: planFunctions() });
    const read = `SELECT "v" FROM "${table}"`;
    expect(await runner.query(read, [], 'plan_fn_column')).toEqual([{ v: 7 }]);
    expect(await runner.query(read, [], 'plan_fn_column')).toEqual([{ v: 7 }]);
    await unnamed.exec(`ALTER TABLE "${table}" ALTER COLUMN "v" TYPE text`);
    expect(await runner.query(read, [], 'plan_fn_column')).toEqual([{ v: '7' }]);
    expect(await runner.query(read, [], 'plan_fn_column')).toEqual([{ v: '7' }]);
  });
});
