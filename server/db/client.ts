// The one database per process. Kept on globalThis so Next's dev hot reload reuses it instead of
// opening the PGlite folder a second time; a failed open is forgotten so the next call retries.
import { databaseTargetFromEnv } from './config';
import { type Database, openDatabase } from './open-database';

const holder = globalThis as typeof globalThis & { __memoryConsoleDb?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  if (!holder.__memoryConsoleDb) {
    const opening = openDatabase(databaseTargetFromEnv(), {
      log: (line) => console.log(`[db] ${line}`),
    });
    holder.__memoryConsoleDb = opening;
    opening.catch(() => {
      if (holder.__memoryConsoleDb === opening) holder.__memoryConsoleDb = undefined;
    });
  }
  return holder.__memoryConsoleDb;
}

export async function getPrisma() {
  return (await getDatabase()).prisma;
}
