// Kept plans behind a transaction pooler (docs/architecture.md "Plans behind a transaction pooler").
// There a named prepared statement cannot be kept: the next transaction may reach another server
// connection. So a statement that would be kept prepared would be planned afresh on every run, and
// for the memory list that costs twice its execution. A PL/pgSQL function keeps the plans of the
// statements in its body for as long as its connection lives, so each such statement becomes a
// temporary function holding it, created on a server connection the first time the statement
// reaches it, and called from then on: a call is planned in no time, and the statement inside is
// planned as a named prepared statement would be (for its parameters a few times, then once for
// all if that costs no more). A temporary function is the connection's own, as a prepared
// statement is, and goes with it: nothing is left in the schema, and the application role needs
// nothing beyond the TEMPORARY right it already has.
import { createHash } from 'node:crypto';
import pg, { type FieldDef, type Pool, type PoolClient, type QueryConfig, type QueryResult } from 'pg';
import { pgRunner } from './sql-runner';

/** The most parameters a PostgreSQL function takes (FUNC_MAX_ARGS in a default build). */
const MAX_ARGUMENTS = 100;
/** The dollar quote around a function's body: a statement holding it cannot be one. */
const BODY_QUOTE = '$plan$';
/** The function is not on this server connection (no temporary schema there yet, or no such function). */
const NOT_HERE = new Set(['3F000', '42883']);
/** The function's columns no longer match its statement (a migration changed a column's type since this process learnt them). */
const STALE = '42804';

interface PlanFunction {
  /** The statement it holds. */
  text: string;
  /** The statement that calls it, with the statement's own parameters. */
  call: string;
  /** Creates it on the current server connection (or replaces an outdated one). */
  create: string;
}

export type BuildQuery = (text: string, values: unknown[]) => QueryConfig;

export interface PlanFunctions {
  /** `text` with `values`, run through its function once its shape is known (`name`: SqlRunner.query). */
  query(pool: Pool, name: string, text: string, values: unknown[], build: BuildQuery): Promise<QueryResult>;
}

const codeOf = (error: unknown) => (error as { code?: string }).code;

/** Why a statement cannot be kept in a function, or null when it can. */
function unfit(text: string, fields: FieldDef[], parameters: number): string | null {
  if (parameters > MAX_ARGUMENTS) return `it has ${parameters} parameters (a function takes at most ${MAX_ARGUMENTS})`;
  if (fields.length === 0) return 'it returns no columns';
  if (new Set(fields.map((field) => field.name)).size !== fields.length) return 'two of its columns have the same name';
  if (text.includes(BODY_QUOTE)) return `its text holds ${BODY_QUOTE}`;
  return null;
}

/**
 * The function for a statement whose rows had `fields`: its parameters' types as PostgreSQL infers
 * them for the statement (PREPARE, read back and deallocated in one implicit transaction, so that
 * nothing stays prepared on the connection) and its columns' types as the rows came.
 */
async function definePlanFunction(pool: Pool, name: string, text: string, fields: FieldDef[]): Promise<PlanFunction> {
  const probe = `plan_probe_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const columnTypes = fields.map((field) => `format_type(${Number(field.dataTypeID)}, ${Number(field.dataTypeModifier)})`);
  const results = (await pool.query(
    // Each statement ends on a line of its own, after the text: a text that ends in a comment
    // would otherwise comment out what follows it.
    `PREPARE ${probe} AS ${text}
     ;
     SELECT parameter_types::text[] AS "parameters", ARRAY[${columnTypes.join(', ')}]::text[] AS "columns" FROM pg_prepared_statements WHERE name = '${probe}';
     DEALLOCATE ${probe}`,
  )) as unknown as QueryResult[];
  const [types] = results[1]!.rows as { parameters: string[]; columns: string[] }[];
  const parameters = types!.parameters;
  const columns = fields.map((field, index) => `${pg.escapeIdentifier(field.name)} ${types!.columns[index]}`).join(', ');
  // Named after what it holds as well: a console of another version behind the same pooler, or
  // one after a migration, never calls a function made for another text or other columns.
  const version = createHash('sha1')
    .update(`${text}\n${parameters.join(',')}\n${columns}`)
    .digest('hex')
    .slice(0, 24);
  const functionName = `pg_temp.${pg.escapeIdentifier(`${name.slice(0, 38)}_${version}`)}`;
  const placeholders = parameters.map((_, index) => `$${index + 1}`).join(', ');
  return {
    text,
    call: `SELECT * FROM ${functionName}(${placeholders}) AS "row"(${columns})`,
    create: `CREATE OR REPLACE FUNCTION ${functionName}(${parameters.join(', ')}) RETURNS SETOF record LANGUAGE plpgsql AS ${BODY_QUOTE}
BEGIN
  RETURN QUERY ${text}
  ;
END ${BODY_QUOTE}`,
  };
}

/** PostgreSQL would not create a function (a role without TEMPORARY, a read-only connection). */
class Refused extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}

/**
 * Creates the function on `client`'s server connection and calls it there, in one transaction
 * (pgRunner's). `refused`: PostgreSQL would not create it, and nothing was run.
 */
async function createAndCall(
  client: PoolClient,
  fn: PlanFunction,
  values: unknown[],
  build: BuildQuery,
): Promise<{ result: QueryResult } | { refused: Error }> {
  try {
    const result = await pgRunner(client).transaction(async () => {
      await client.query(fn.create).catch((error: Error) => {
        throw codeOf(error) ? new Refused(error) : error;
      });
      return client.query(build(fn.call, values));
    });
    return { result };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.reason };
    throw error;
  }
}

/**
 * Calls the function on `client`'s server connection, creating it there first if the connection
 * has none. `stale`: its columns no longer match the statement, and nothing was run.
 */
async function callOn(
  client: PoolClient,
  fn: PlanFunction,
  values: unknown[],
  build: BuildQuery,
): Promise<{ result: QueryResult } | { refused: Error } | 'stale'> {
  try {
    return { result: await client.query(build(fn.call, values)) };
  } catch (error) {
    const code = codeOf(error);
    if (code === STALE) return 'stale';
    if (!code || !NOT_HERE.has(code)) throw error;
  }
  return createAndCall(client, fn, values, build);
}

/**
 * One process's plan functions: which statements have one (and its text), which cannot, learnt
 * as each statement first runs. What a server connection holds is learnt from PostgreSQL on each
 * call: a call that finds no function there creates it and calls again, in one transaction.
 */
export function planFunctions({ log }: { log?: (line: string) => void } = {}): PlanFunctions {
  const known = new Map<string, PlanFunction | null>();
  const defining = new Map<string, Promise<void>>();

  /** Learns the statement's function after its first unnamed run; a statement that cannot have one runs unnamed from then on. */
  const learn = (pool: Pool, name: string, text: string, values: unknown[], fields: FieldDef[]) => {
    if (known.has(name) || defining.has(name)) return;
    const why = unfit(text, fields, values.length);
    if (why) {
      known.set(name, null);
      log?.(`Statement ${name} is planned on every run behind the transaction pooler: ${why}.`);
      return;
    }
    const done = definePlanFunction(pool, name, text, fields)
      .then((fn) => void known.set(name, fn))
      .catch((error: Error) => {
        known.set(name, null);
        log?.(
          `Statement ${name} is planned on every run behind the transaction pooler: its function could not be defined (${error.message}).`,
        );
      })
      .finally(() => defining.delete(name));
    defining.set(name, done);
    return done;
  };

  return {
    async query(pool, name, text, values, build) {
      const fn = known.get(name);
      // As node-postgres refuses a name prepared for another text.
      if (fn && fn.text !== text) throw new Error(`Statement ${name} was kept for another text: a name must stand for one text.`);
      /** The statement unnamed, then learnt (nothing to learn once it is known to have no function). */
      const unnamed = async () => {
        const result = await pool.query(build(text, values));
        await learn(pool, name, text, values, result.fields);
        return result;
      };
      if (!fn) return unnamed();
      // On a connection of its own: the pool's `query` ends its connection after any error, and
      // with it the functions it holds. An error PostgreSQL answered leaves the connection as it
      // was (no transaction is open); any other ends it.
      const client = await pool.connect();
      let outcome: Awaited<ReturnType<typeof callOn>>;
      let lost: Error | undefined;
      try {
        outcome = await callOn(client, fn, values, build);
      } catch (error) {
        if (!codeOf(error)) lost = error as Error;
        throw error;
      } finally {
        client.release(lost);
      }
      if (outcome === 'stale') {
        // Learnt again from an unnamed run: the call's column list is what has to change.
        known.delete(name);
      } else if ('refused' in outcome) {
        known.set(name, null);
        log?.(
          `Statement ${name} is planned on every run behind the transaction pooler: its function could not be created (${outcome.refused.message}).`,
        );
      } else {
        return outcome.result;
      }
      return unnamed();
    },
  };
}
