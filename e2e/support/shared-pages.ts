// One browser page per persona and worker, for read-only checks that only open pages and look at
// them (e2e/every-page.spec.ts): a browser context and a cold page load cost more than the checks
// themselves, so the tests of one persona navigate the same page in turn. A test using it must
// leave nothing behind that a later one could see (no changes to the data, no dialog left open);
// its trace on failure is lost (Playwright records only the test's own `page`).
import type { Page } from '@playwright/test';
import { storageStatePath, type Persona } from '../personas';
import { consoleURL, workerConsoleIndex } from './consoles';
import { hydrateOnNavigation } from './hydration';
import { test as base } from './test';

export interface SharedPages {
  /** The worker's page for `persona` (signed out when null), made on first use at `viewport`. */
  pageOf: (persona: Persona | null, viewport: { width: number; height: number }) => Promise<Page>;
}

export const test = base.extend<object, { sharedPages: SharedPages }>({
  sharedPages: [
    async ({ browser }, use) => {
      const pages = new Map<string, Page>();
      await use({
        pageOf: async (persona, viewport) => {
          const key = `${persona ?? ''} ${viewport.width}×${viewport.height}`;
          let page = pages.get(key);
          if (!page) {
            const context = await browser.newContext({
              baseURL: consoleURL(workerConsoleIndex()),
              viewport,
              storageState: persona ? storageStatePath(persona) : { cookies: [], origins: [] },
            });
            page = hydrateOnNavigation(await context.newPage());
            pages.set(key, page);
          }
          return page;
        },
      });
      for (const page of pages.values()) await page.context().close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from './test';
