// End-to-end tests: a production build served by `npm start` on a throwaway embedded database,
// driven in Debian's Chromium (Playwright's own browser download is not available everywhere).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install one (Debian/Ubuntu: \`sudo apt-get install -y chromium\`) ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
  );
}

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;
// Workers re-read this file; the first evaluation's folder is inherited through the environment.
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'memory-console-e2e-'));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    // The e2e-only accounts are added first (e2e/prepare-database.ts); start-up then finds the
    // database prepared.
    command: 'npx tsx e2e/prepare-database.ts && node scripts/start.mjs',
    url: `${baseURL}/signin`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      NEXTAUTH_URL: baseURL,
      MEMORY_CONSOLE_DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
    },
  },
});
