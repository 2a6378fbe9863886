// End-to-end tests: a production build served as `npm start` serves it, one console per worker on a throwaway database
// (embedded, or on PostgreSQL when TEST_DATABASE_URL is set),
// driven in Debian's Chromium (Playwright's own browser download is not available everywhere).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath, missingChromium } from './e2e/chromium';
import {
  consoleCount,
  consoleURL,
  firstPort,
  oidcPort as oidcPortOf,
  provisioningPort as provisioningPortOf,
} from './e2e/support/consoles';
import { OIDC_BUTTON_NAME, OIDC_CLIENT } from './e2e/support/oidc-accounts';
import { consoleDatabaseURLs } from './e2e/support/postgres-consoles';
import { LAUNCH_VARIABLE, type ConsoleLaunch } from './e2e/support/console-launch';

const missing = missingChromium();
const chromium = chromiumPath();
if (missing || !chromium) throw new Error(missing ?? 'No Chromium.');

// One console per worker, each on its own throwaway database (e2e/support/consoles.ts).
const consoles = consoleCount();
const port = firstPort();
const consoleURLs = Array.from({ length: consoles }, (_, index) => consoleURL(index));
// A further console that creates unknown single-sign-on people (OIDC_PROVISION_TENANT), and the
// test OpenID Connect provider every console uses (e2e/support/oidc-provider.ts).
const provisioningPort = provisioningPortOf();
const provisioningURL = `http://localhost:${provisioningPort}`;
const oidcPort = oidcPortOf();
const oidcIssuer = `http://localhost:${oidcPort}`;
// Workers re-read this file; the first evaluation's folders are inherited through the environment.
// The process that made a folder removes it when the run ends (after the servers have stopped).
function throwawayFolder(variable: string, prefix: string): string {
  const inherited = process.env[variable];
  if (inherited) return inherited;
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  process.env[variable] = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}
// A console on PostgreSQL runs in production mode against DATABASE_URL, which needs a signing
// secret from the environment: one per run, inherited by the workers like the folders above.
function authSecret(): string {
  process.env.E2E_NEXTAUTH_SECRET ??= randomBytes(32).toString('base64');
  return process.env.E2E_NEXTAUTH_SECRET;
}
// On PostgreSQL when TEST_DATABASE_URL is set (e2e/support/postgres-consoles.ts), else embedded.
const consoleDatabases = consoleDatabaseURLs(consoles);
const consoleDataDirs = consoleDatabases
  ? []
  : consoleURLs.map((_, index) => throwawayFolder(`E2E_DATA_DIR_${index}`, `memory-console-e2e-${index}-`));
const consoleData = (index: number): Record<string, string> =>
  consoleDatabases
    ? { DATABASE_URL: consoleDatabases[index]!, NEXTAUTH_SECRET: authSecret() }
    : { DATABASE_URL: '', MEMORY_CONSOLE_DATA_DIR: consoleDataDirs[index]! };
const copiesOfFirst = (consoleDatabases ?? consoleDataDirs).slice(1);

const provisioningDataDir = throwawayFolder('E2E_PROVISIONING_DATA_DIR', 'memory-console-e2e-provisioning-');
process.env.E2E_PROVISIONING_URL = provisioningURL;

const oidcEnv = {
  OIDC_ISSUER: oidcIssuer,
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_NAME: OIDC_BUTTON_NAME,
};

// The first console prepares its database and copies it for the others (e2e/prepare-database.ts,
// each one's e2e-only accounts included) and they start with the server command `npm start` ends
// with; the provisioning console prepares its own, as `npm start` does on a new embedded folder,
// and starts through `npm start` itself, as a newcomer would.
const consoleLaunches: ConsoleLaunch[] = [
  ...consoleURLs.map((url, index): ConsoleLaunch => ({
    url,
    database: index === 0 ? 'e2e' : 'none',
    env: {
      PORT: String(port + index),
      NEXTAUTH_URL: url,
      ...consoleData(index),
      E2E_COPY_DATA_TO: index === 0 ? copiesOfFirst.join(',') : '',
      // The seeded Hamburg alert stays open however long the suite runs (docs/operations.md
      // "Jobs").
      ALERT_QUIET_MINUTES: '10080',
      ...oidcEnv,
    },
  })),
  {
    url: provisioningURL,
    database: 'own',
    last: true,
    env: {
      PORT: String(provisioningPort),
      NEXTAUTH_URL: provisioningURL,
      MEMORY_CONSOLE_DATA_DIR: provisioningDataDir,
      DATABASE_URL: '',
      ...oidcEnv,
      OIDC_PROVISION_TENANT: 'berlin',
    },
  },
];

export default defineConfig({
  testDir: './e2e',
  // Spec files are shared out between the workers; the tests of one file run in order on one worker.
  fullyParallel: false,
  workers: consoles,
  forbidOnly: Boolean(process.env.CI),
  // Drops the consoles' PostgreSQL databases when the run ends (nothing to do when embedded).
  globalTeardown: './e2e/support/global-teardown.ts',
  retries: 0,
  // Workers share the machine's cores: with several, a long journey may get half a core or less.
  timeout: consoles > 1 ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    // Each test's baseURL is its worker's console (e2e/support/test.ts); this is the first one.
    baseURL: consoleURLs[0],
    // No trace by default: recording one (the DOM at every step) cost about a tenth of the run's
    // CPU, kept or not. To keep one for each failure: `npx playwright test --trace=retain-on-failure`
    // (docs/testing.md "The end-to-end consoles"). A failure still leaves its screenshot and the
    // page's accessibility tree.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] },
  ],
  // Playwright starts these one after another: the provider, then the launcher of every console.
  // TypeScript runs through Node's loader hook (`node --import tsx`), not `npx tsx`, which would
  // start two more Node processes before the script.
  webServer: [
    {
      command: 'node --import tsx e2e/support/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        OIDC_TEST_PORT: String(oidcPort),
        OIDC_TEST_REDIRECT_URIS: [...consoleURLs, provisioningURL].map((url) => `${url}/api/auth/callback/oidc`).join(','),
      },
    },
    {
      // Every console, started side by side where it can be (e2e/support/start-consoles.ts); ready
      // when the provisioning console, started last, answers.
      command: 'node --import tsx e2e/support/start-consoles.ts',
      url: `${provisioningURL}/signin`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { [LAUNCH_VARIABLE]: JSON.stringify(consoleLaunches) },
    },
  ],
});
