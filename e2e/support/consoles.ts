// The consoles the end-to-end tests run against. Each Playwright worker drives a console of its own
// on a throwaway database of its own (playwright.config.ts starts them), so the workers never see
// each other's changes and every spec can count on the demo data as seeded. The first console
// listens on E2E_PORT, the next on E2E_PORT + 1, and so on; E2E_WORKERS says how many
// (docs/operations.md "Configuration").
import { config } from '../../server/config/env';

export function firstPort(): number {
  return config().E2E_PORT;
}

/** How many consoles (and Playwright workers) a run uses. */
export function consoleCount(): number {
  return config().E2E_WORKERS;
}

export function consoleURL(index: number): string {
  return `http://localhost:${firstPort() + index}`;
}

/** The console that provisions single-sign-on people, and the test OpenID Connect provider. */
export function provisioningPort(): number {
  return firstPort() + 10;
}

export function oidcPort(): number {
  return firstPort() + 20;
}

/** Every port a Playwright run listens on, so `npm test` can check them before it starts. */
export function e2ePorts(): number[] {
  return [...Array.from({ length: consoleCount() }, (_, index) => firstPort() + index), provisioningPort(), oidcPort()];
}

/** Which console this worker drives: Playwright numbers its workers 0, 1, … (TEST_PARALLEL_INDEX). */
export function workerConsoleIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}
