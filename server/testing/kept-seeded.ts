// One seeded database kept per worker and put back to the seeded template between files, instead
// of a new copy made from the template for every file (test-database.ts). Both backends do it:
//   - PGlite: a restore starts a new PostgreSQL in WebAssembly and unpacks a 27 MB tarball, 0.6–1.1 s
//     of CPU, paid by some fifty files a run;
//   - PostgreSQL: `CREATE DATABASE … TEMPLATE` and `DROP DATABASE` create and remove some three
//     hundred files each, and the drop waits for a checkpoint that writes the copy's pages out:
//     about half a second a file on a 2-core machine, most of it the server's system time.
// Putting the kept one back takes a fraction of that: every table is emptied and refilled from a
// copy of its rows taken right after the copy was made (COPY to and from memory, with triggers off
// so that nothing fires twice: what triggers keep, such as the visible key counts, is rows too), every
// sequence is set back to where it stood (a file must not see numbers depend on the files before), and
// what the last file left in its sessions is ended (PGlite: DISCARD ALL of its one session, which
// also fails inside a transaction the file left open; PostgreSQL: every other connection to the
// database, and no prepared transaction may be left). What the rows cannot carry is checked
// instead: a fingerprint of the catalogs (tables, columns, defaults, constraints, triggers and
// whether they are on, functions, roles, grants) must match the one taken after the copy was made.
// Any mismatch or error closes the kept database and the next file gets a new copy, as before; so
// does a file that needs a second copy while the kept one is lent out.

const FINGERPRINT = `
  SELECT md5(string_agg(line, E'\\n' ORDER BY line)) AS fingerprint FROM (
    SELECT format('class %s %s %s %s %s', oid, relname, relkind, relnamespace, relacl) AS line FROM pg_class
    UNION ALL SELECT format('column %s %s %s %s %s %s %s', attrelid, attnum, attname, atttypid, attnotnull, attisdropped, attgenerated) FROM pg_attribute
    UNION ALL SELECT format('default %s %s %s', adrelid, adnum, pg_get_expr(adbin, adrelid)) FROM pg_attrdef
    UNION ALL SELECT format('constraint %s %s %s', oid, conname, convalidated) FROM pg_constraint
    UNION ALL SELECT format('trigger %s %s %s', oid, tgname, tgenabled) FROM pg_trigger
    UNION ALL SELECT format('function %s %s %s', oid, proname, md5(prosrc)) FROM pg_proc WHERE pronamespace > 16383
    UNION ALL SELECT format('role %s %s %s %s %s', oid, rolname, rolsuper, rolcanlogin, rolbypassrls) FROM pg_authid
    UNION ALL SELECT format('member %s %s', roleid, member) FROM pg_auth_members
    UNION ALL SELECT format('setting %s %s %s', setdatabase, setrole, setconfig) FROM pg_db_role_setting
    UNION ALL SELECT format('namespace %s %s %s', oid, nspname, nspacl) FROM pg_namespace
  ) AS catalog`;

const TABLES = `
  SELECT c.relname AS name, string_agg(format('%I', a.attname), ', ' ORDER BY a.attnum) AS columns
  FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
  WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
  GROUP BY c.relname ORDER BY c.relname`;

/** Each sequence's next value as it stood: `setval(…, last_value, true)`, or the start when none was taken. */
const SEQUENCES = `
  SELECT format('%I.%I', schemaname, sequencename) AS name, coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
  FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** One statement putting every sequence back, or null when there are none. */
function sequencesBack(sequences: { name: string; value: string; called: boolean }[]): string | null {
  if (sequences.length === 0) return null;
  return `SELECT ${sequences.map(({ name, value, called }) => `setval(${literal(name)}::regclass, ${value}, ${called})`).join(', ')}`;
}

/** One table's rows as COPY wrote them, in whatever form the backend reads them back. */
export interface TableRows<Rows> {
  /** The quoted name, `public."…"`. */
  table: string;
  /** The columns a COPY writes (generated ones are computed again). */
  columns: string;
  rows: Rows;
}

/** What a backend's database offers for being kept and put back. */
export interface Keepable<Rows> {
  readonly closed: boolean;
  query<Row>(sql: string): Promise<Row[]>;
  /** The rows of `COPY table (columns) TO …`. */
  copyOut(table: string, columns: string): Promise<Rows>;
  /** Ends what the last file left in the database's sessions; throws when it cannot. */
  endSessions(): Promise<void>;
  /**
   * Empties every table and copies its rows back in, in one transaction with triggers off
   * (`session_replication_role = replica`).
   */
  refill(tables: TableRows<Rows>[]): Promise<void>;
  close(): Promise<void>;
}

interface Kept<Rows, D extends Keepable<Rows>> {
  database: D;
  fingerprint: string;
  tables: TableRows<Rows>[];
  sequences: string | null;
}

async function fingerprintOf(database: Keepable<unknown>): Promise<string> {
  return (await database.query<{ fingerprint: string }>(FINGERPRINT))[0]!.fingerprint;
}

/** What `reset` restores: the fingerprint and every table's rows, right after the copy was made. */
async function remember<Rows, D extends Keepable<Rows>>(database: D): Promise<Kept<Rows, D>> {
  const tables: TableRows<Rows>[] = [];
  for (const { name, columns } of await database.query<{ name: string; columns: string }>(TABLES)) {
    const table = `public."${name.replaceAll('"', '""')}"`;
    tables.push({ table, columns, rows: await database.copyOut(table, columns) });
  }
  const sequences = sequencesBack(await database.query<{ name: string; value: string; called: boolean }>(SEQUENCES));
  return { database, fingerprint: await fingerprintOf(database), tables, sequences };
}

/** Puts the kept database back as `remember` found it, or throws when it cannot be. */
async function reset<Rows>({ database, fingerprint, tables, sequences }: Kept<Rows, Keepable<Rows>>): Promise<void> {
  if (database.closed) throw new Error('closed');
  await database.endSessions();
  if ((await fingerprintOf(database)) !== fingerprint) throw new Error('the catalogs changed');
  await database.refill(tables);
  if (sequences) await database.query(sequences);
}

/**
 * A keeper of one database at a time. `borrow` lends the kept one put back, or `copy()`'s;
 * `giveBack` keeps it for the next borrower instead of closing it (a second one lent at the same
 * time is closed).
 */
export function keeper<Rows, D extends Keepable<Rows>>(): {
  borrow(copy: () => Promise<D>): Promise<{ database: D; giveBack(): Promise<void> }>;
} {
  let idle: Kept<Rows, D> | undefined;
  return {
    async borrow(copy) {
      let kept = idle;
      idle = undefined;
      if (kept) {
        try {
          await reset(kept);
        } catch {
          if (!kept.database.closed) await kept.database.close().catch(() => {});
          kept = undefined;
        }
      }
      kept ??= await remember<Rows, D>(await copy());
      const lent = kept;
      return {
        database: lent.database,
        giveBack: async () => {
          if (idle || lent.database.closed) await lent.database.close().catch(() => {});
          else idle = lent;
        },
      };
    },
  };
}
