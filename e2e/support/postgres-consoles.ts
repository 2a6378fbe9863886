// With TEST_DATABASE_URL set (docs/operations.md "Configuration"), the consoles the workers drive
// run on PostgreSQL databases created next to it — one per console, named after it (e2e_0, e2e_1,
// …) — instead of embedded folders: the integration tests already cover both databases, and a
// native server takes the queries off the console's own process (the embedded database runs inside
// it). The provisioning console stays embedded, so the default set-up is still driven in a browser.
import pg from 'pg';
import { config } from '../../server/config/env';
import { databaseUrlWithName, scratchDatabaseName } from '../../server/testing/database-url';

/** The PostgreSQL URL of each console's database, or null when the consoles run embedded. */
export function consoleDatabaseURLs(consoles: number): string[] | null {
  const base = config().TEST_DATABASE_URL;
  if (!base) return null;
  return Array.from({ length: consoles }, (_, index) => databaseUrlWithName(base, scratchDatabaseName(base, `e2e_${index}`)));
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function withServer<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: config().TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** An empty database at `url`, whatever an earlier run left there. */
export async function recreateEmptyDatabase(url: string): Promise<void> {
  await withServer(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${databaseName(url)}"`);
  });
}

/** Copies of the prepared database at `source` (nobody may be connected to it meanwhile). */
export async function copyDatabase(source: string, copies: string[]): Promise<void> {
  await withServer(async (admin) => {
    for (const copy of copies) {
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName(copy)}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${databaseName(copy)}" TEMPLATE "${databaseName(source)}"`);
    }
  });
}

export async function dropDatabases(urls: string[]): Promise<void> {
  await withServer(async (admin) => {
    for (const url of urls) await admin.query(`DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`);
  });
}
