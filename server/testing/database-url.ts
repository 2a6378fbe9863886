// The same server and credentials as a PostgreSQL URL, another database name.
export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A name for a database the tests create next to TEST_DATABASE_URL's: that database's own name
 * first (cut short to leave room), so runs sharing a server can tell their databases apart.
 */
export function scratchDatabaseName(url: string, suffix: string): string {
  const base =
    decodeURIComponent(new URL(url).pathname.slice(1))
      .replace(/[^a-z0-9_]/gi, '_')
      .slice(0, 20) || 'mc';
  return `${base}_${suffix}`.toLowerCase();
}
