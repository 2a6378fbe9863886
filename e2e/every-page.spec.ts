// Every page of the console on a 390 px phone, in light and dark: no horizontal scrolling (the
// document is no wider than the window), no serious or critical axe violation and no script error.
// Each page is opened as a persona who may use it (README "Demo accounts") and checked once it
// shows its content. The journeys' own axe checks cover states these do not: dialogs, details,
// forms opened.
import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-pages';
import type { Persona } from './personas';
import { blockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

const PHONE = { width: 390, height: 844 };

interface ConsolePage {
  path: string;
  /** Signed out when null. */
  persona: Persona | null;
  /** Something only the finished page shows, so the checks run on content rather than a skeleton. */
  ready: (page: Page) => Promise<void>;
  /** Shown without the console's header, whose theme choice follows a change of the system's theme at once. */
  headerless?: true;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const PAGES: ConsolePage[] = [
  {
    path: '/memories',
    persona: 'alice',
    ready: async (page) => {
      await expect(page.getByRole('list', { name: 'Memories' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'What the assistant sees' }).getByText('Carried')).toBeVisible();
    },
  },
  {
    path: '/memories',
    persona: 'hana',
    ready: async (page) => {
      await expect(page.getByRole('list', { name: 'Memories' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'What the assistant sees' }).getByRole('note')).toBeVisible();
    },
  },
  {
    path: '/account',
    persona: 'alice',
    ready: async (page) => {
      await heading('Your account')(page);
      await expect(page.getByTestId('session-row').filter({ hasText: 'This device' })).toBeVisible();
    },
  },
  { path: '/admin/review', persona: 'bob', ready: heading(/Review/) },
  {
    path: '/admin/facts',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Facts/)(page);
      await expect(page.getByRole('button', { name: 'Publish a fact' })).toBeEnabled();
      await expect(page.locator('tr[data-fact-key="fiscal-year"]')).toBeVisible();
    },
  },
  { path: '/admin/audit', persona: 'bob', ready: heading(/Audit/) },
  {
    path: '/admin/settings',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Settings/)(page);
      await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled();
    },
  },
  {
    path: '/admin/tokens',
    persona: 'olga',
    ready: async (page) => {
      await heading(/API tokens/)(page);
      await expect(page.getByRole('heading', { name: 'New token' })).toBeVisible();
    },
  },
  { path: '/admin/preview', persona: 'bob', ready: heading(/Member preview/) },
  { path: '/admin/people', persona: 'bob', ready: heading(/People/) },
  { path: '/admin/scopes', persona: 'bob', ready: heading(/Scopes/) },
  {
    path: '/ops?range=7d',
    persona: 'olga',
    ready: async (page) => {
      await heading(/Operations/)(page);
      await expect(page.getByTestId('ops-chart').first().locator('.recharts-wrapper')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('alert-row').first()).toBeVisible();
    },
  },
  { path: '/docs/runtime-api', persona: 'alice', ready: heading(/./), headerless: true },
  { path: '/signin', persona: null, ready: heading('Sign in to Memory Console'), headerless: true },
  { path: '/no-such-page', persona: 'alice', ready: heading('Page not found') },
  { path: '/no-such-page', persona: null, ready: heading('Page not found'), headerless: true },
];

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

for (const { path, persona, ready, headerless } of PAGES) {
  test(`${path} as ${persona ?? 'nobody signed in'} fits 390 px and passes axe in light and in dark`, async ({ sharedPages }) => {
    const page = await sharedPages.pageOf(persona, PHONE);
    // A hydration mismatch (or any script error) shows here; React would re-render the document.
    const pageErrors: string[] = [];
    const onError = (error: Error) => pageErrors.push(error.message);
    page.on('pageerror', onError);
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      await inLightAndDark(
        page,
        async (colorScheme) => {
          await ready(page);
          const overflow = await horizontalOverflow(page);
          expect(overflow.scrollWidth, `wider than the window in ${colorScheme}: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(overflow.width);
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
