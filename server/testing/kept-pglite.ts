// One seeded embedded database kept per worker and put back to the seeded template between files,
// instead of a new PGlite restored from the template for every file (test-database.ts).
//
// A restore starts a new PostgreSQL in WebAssembly and unpacks a 27 MB tarball: 0.6–1.1 s of CPU,
// paid by some fifty files a run. Putting the kept one back takes a fifth to a quarter of that: every
// table is emptied and refilled from a copy of its rows taken right after the restore (COPY to and
// from memory, with triggers off so that nothing fires twice: what triggers keep, such as the
// visible key counts, is rows too), and the session is discarded (settings, prepared statements,
// locks, temporary tables). What the rows cannot carry is checked instead: a
// fingerprint of the catalogs (tables, columns, defaults, constraints, triggers and whether they
// are on, functions, roles, grants) must match the one taken after the restore, and the database
// must not be left inside a transaction. Any mismatch or error closes the kept database and the
// next file restores a new one, as before; so does a file that needs a second copy while the kept
// one is lent out.
import type { PGlite } from '@electric-sql/pglite';

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

interface Table {
  name: string;
  /** The columns a COPY writes (generated ones are computed again). */
  columns: string;
  rows: Blob;
}

interface Kept {
  pglite: PGlite;
  fingerprint: string;
  tables: Table[];
}

async function fingerprintOf(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;
}

/** What `reset` restores: the fingerprint and every table's rows, right after a restore. */
async function remember(pglite: PGlite): Promise<Kept> {
  const { rows } = await pglite.query<{ name: string; columns: string }>(`
    SELECT c.relname AS name, string_agg(format('%I', a.attname), ', ' ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    GROUP BY c.relname ORDER BY c.relname`);
  const tables: Table[] = [];
  for (const { name, columns } of rows) {
    const copied = await pglite.query(`COPY public.${quote(name)} (${columns}) TO '/dev/blob'`);
    tables.push({ name, columns, rows: copied.blob ?? new Blob([]) });
  }
  return { pglite, fingerprint: await fingerprintOf(pglite), tables };
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Puts the kept database back as `remember` found it, or throws when it cannot be. */
async function reset(kept: Kept): Promise<void> {
  const { pglite, tables } = kept;
  if (pglite.closed) throw new Error('closed');
  // DISCARD ALL also fails inside a transaction a file left open.
  await pglite.exec('DISCARD ALL');
  if ((await fingerprintOf(pglite)) !== kept.fingerprint) throw new Error('the catalogs changed');
  await pglite.transaction(async (tx) => {
    await tx.exec(`SET LOCAL session_replication_role = replica; TRUNCATE ${tables.map((table) => `public.${quote(table.name)}`).join(', ')}`);
    for (const table of tables) await tx.query(`COPY public.${quote(table.name)} (${table.columns}) FROM '/dev/blob'`, [], { blob: table.rows });
  });
}

let idle: Kept | undefined;

/**
 * A seeded PGlite for one file: the kept one put back, or `restore()`'s. `giveBack` returns it for
 * the next file instead of closing it (a second one lent at the same time is closed).
 */
export async function borrowSeededPglite(restore: () => Promise<PGlite>): Promise<{ pglite: PGlite; giveBack(): Promise<void> }> {
  let kept = idle;
  idle = undefined;
  if (kept) {
    try {
      await reset(kept);
    } catch {
      if (!kept.pglite.closed) await kept.pglite.close();
      kept = undefined;
    }
  }
  kept ??= await remember(await restore());
  const lent = kept;
  return {
    pglite: lent.pglite,
    giveBack: async () => {
      if (idle || lent.pglite.closed) await lent.pglite.close().catch(() => {});
      else idle = lent;
    },
  };
}
