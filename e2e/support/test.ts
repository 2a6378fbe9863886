// The `test` every spec imports (eslint.config.js refuses `test` from '@playwright/test' in e2e/):
// Playwright's own, with `baseURL` pointing at the console of the worker that runs the test
// (e2e/support/consoles.ts). Every page, browser context and API request of the test uses it.
// Its `page` returns from `goto` and `reload` once the page is hydrated (support/hydration.ts).
import { test as base } from '@playwright/test';
import { consoleURL } from './consoles';
import { hydrateOnNavigation } from './hydration';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(consoleURL(testInfo.parallelIndex));
  },
  page: async ({ page }, use) => {
    await use(hydrateOnNavigation(page));
  },
});

export { expect } from '@playwright/test';
