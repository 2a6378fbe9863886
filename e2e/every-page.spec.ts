// Every page of the console on a 390 px phone, in light and dark: no horizontal scrolling (the
// document is no wider than the window), no serious or critical axe violation and no script error.
// Each page is opened as a persona who may use it (README "Demo accounts") and checked once it
// shows its content. The journeys' own axe checks cover states these do not: dialogs, details,
// forms opened.
import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-pages';
import { addressOf, CONSOLE_PAGES } from './support/console-pages';
import { blockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

const PHONE = { width: 390, height: 844 };

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Name what sticks out, so a failure says where to look.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
}

// The pages are independent of each other: the workers share them out. Each worker opens one page
// per persona and moves it from address to address (e2e/support/shared-pages.ts): the checks only look.
test.describe.configure({ mode: 'parallel' });

for (const entry of CONSOLE_PAGES) {
  const { path, persona, ready, headerless } = entry;
  test(`${path} as ${persona ?? 'nobody signed in'} fits 390 px and passes axe in light and in dark`, async ({ sharedPages }) => {
    const page = await sharedPages.pageOf(persona, PHONE);
    // A hydration mismatch (or any script error) shows here; React would re-render the document.
    const pageErrors: string[] = [];
    const onError = (error: Error) => pageErrors.push(error.message);
    page.on('pageerror', onError);
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(await addressOf(entry, page));
      await inLightAndDark(
        page,
        async (colorScheme) => {
          await ready(page);
          const overflow = await horizontalOverflow(page);
          expect(overflow.scrollWidth, `wider than the window in ${colorScheme}: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(
            overflow.width,
          );
          expect(await blockingAxeViolations(page), colorScheme).toEqual([]);
          expect(pageErrors, colorScheme).toEqual([]);
        },
        { reload: headerless },
      );
    } finally {
      page.off('pageerror', onError);
    }
  });
}
