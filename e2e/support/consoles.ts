// The consoles the end-to-end tests run against. Each Playwright worker drives a console of its own
// on a throwaway database of its own (playwright.config.ts starts them), so the workers never see
// each other's changes and every spec can count on the demo data as seeded. The first console
// listens on E2E_PORT (default 3100), the next on E2E_PORT + 1, and so on; E2E_WORKERS (default 2)
// says how many.

const DEFAULT_PORT = 3100;
const DEFAULT_WORKERS = 2;

function positiveInteger(name: string, fallback: number, env: Record<string, string | undefined>): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1 (got "${raw}").`);
  return value;
}

export function firstPort(env: Record<string, string | undefined> = process.env): number {
  return positiveInteger('E2E_PORT', DEFAULT_PORT, env);
}

/** How many consoles (and Playwright workers) a run uses. */
export function consoleCount(env: Record<string, string | undefined> = process.env): number {
  return positiveInteger('E2E_WORKERS', DEFAULT_WORKERS, env);
}

export function consoleURL(index: number, env: Record<string, string | undefined> = process.env): string {
  return `http://localhost:${firstPort(env) + index}`;
}

/** Which console this worker drives: Playwright numbers its workers 0, 1, … (TEST_PARALLEL_INDEX). */
export function workerConsoleIndex(env: Record<string, string | undefined> = process.env): number {
  return Number(env.TEST_PARALLEL_INDEX ?? 0);
}
