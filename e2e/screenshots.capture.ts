// Screenshots of every page on demand (`npm run screenshots`, docs/testing.md "Screenshots"), not
// part of any test run: each page of e2e/support/console-pages.ts, opened as its demo person once it
// shows its content, at 1440 px in light and in dark and at 390 px in light and in dark, saved
// full-page into screenshots/ (ignored by git). Run by playwright.screenshots.config.ts.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from './support/shared-pages';
import { addressOf, CONSOLE_PAGES } from './support/console-pages';
import { showColorScheme } from './support/color-schemes';

const OUT = path.resolve(import.meta.dirname, '..', 'screenshots');
const SIZES = [
  { name: '1440', viewport: { width: 1440, height: 900 }, schemes: ['light', 'dark'] as const },
  { name: '390', viewport: { width: 390, height: 844 }, schemes: ['light', 'dark'] as const },
];

const fileName = (persona: string | null, pagePath: string, size: string, scheme: string) =>
  `${persona ?? 'signed-out'}${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-home'}-${size}-${scheme}.png`;

test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

for (const entry of CONSOLE_PAGES) {
  const { path: pagePath, persona, ready, headerless } = entry;
  test(`${pagePath} as ${persona ?? 'nobody signed in'}`, async ({ sharedPages }) => {
    for (const size of SIZES) {
      const page = await sharedPages.pageOf(persona, size.viewport);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(await addressOf(entry, page));
      for (const scheme of size.schemes) {
        await showColorScheme(page, scheme, { reload: headerless });
        await ready(page);
        const file = path.join(OUT, fileName(persona, pagePath, size.name, scheme));
        await page.screenshot({ path: file, fullPage: true });
      }
    }
  });
}

test.afterAll(() => {
  console.log(`Screenshots are in ${OUT}`);
});
