// End-to-end tests: a production build served by `npm start` on a throwaway embedded database,
// driven in Debian's Chromium (Playwright's own browser download is not available everywhere).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath, missingChromium } from './e2e/chromium';

const missing = missingChromium();
if (missing) throw new Error(missing);
const chromium = chromiumPath();

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;
// Workers re-read this file; the first evaluation's folder is inherited through the environment.
// The process that made the folder removes it when the run ends (after the server has stopped).
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'memory-console-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

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
    command: 'npm start',
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
