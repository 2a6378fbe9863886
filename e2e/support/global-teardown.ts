// After the run: the consoles' PostgreSQL databases go (e2e/support/postgres-consoles.ts); the
// embedded folders are removed by playwright.config.ts itself.
import { consoleCount } from './consoles';
import { consoleDatabaseURLs, dropDatabases } from './postgres-consoles';

export default async function globalTeardown(): Promise<void> {
  const urls = consoleDatabaseURLs(consoleCount());
  if (urls) await dropDatabases(urls);
}
