// `npm run screenshots` (docs/testing.md "Screenshots"): the end-to-end configuration — the same
// consoles and demo people — running only e2e/screenshots.capture.ts, which saves every page into
// screenshots/. Not part of `npm test`.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  reporter: [['list']],
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'screenshots', testMatch: /screenshots\.capture\.ts/, dependencies: ['setup'] },
  ],
});
