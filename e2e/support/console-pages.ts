// Every page of the console, each with a persona who may open it and what shows once it has its
// content: e2e/every-page.spec.ts checks each on a phone in light and dark, e2e/first-load-js.spec.ts
// weighs the JavaScript each loads. A new page goes here, and both checks cover it.
import type { Page } from '@playwright/test';
import type { Persona } from '../personas';
import { expect } from './test';

export interface ConsolePage {
  /** The address, or for a page whose address holds an id, its pattern (the tests' names show it). */
  path: string;
  /** The address to open, for a page whose address holds an id the demo data gives at seeding. */
  address?: (page: Page) => Promise<string>;
  /** Signed out when null. */
  persona: Persona | null;
  /** Something only the finished page shows, so the checks run on content rather than a skeleton. */
  ready: (page: Page) => Promise<void>;
  /** Shown without the console's header, whose theme choice follows a change of the system's theme at once. */
  headerless?: true;
}

/** Where to go: the page's own address, or the one its `address` finds. */
export function addressOf(entry: ConsolePage, page: Page): Promise<string> {
  return entry.address ? entry.address(page) : Promise.resolve(entry.path);
}

/** The page of the demo person with `email`, found through the People list as the signed-in persona. */
export async function personPageOf(page: Page, email: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ query: email, limit: 1 }));
  const response = await page.request.get(`/api/trpc/people.list?input=${input}`);
  expect(response.ok(), `people.list answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { result: { data: { people: { id: string; email: string }[] } } };
  const person = body.result.data.people.find((entry) => entry.email === email);
  if (!person) throw new Error(`${email} is not on the People list`);
  return `/admin/people/${person.id}`;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

export const CONSOLE_PAGES: ConsolePage[] = [
  {
    path: '/memories',
    persona: 'alice',
    ready: async (page) => {
      await expect(page.getByRole('list', { name: 'Memories', exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'What the assistant sees' }).getByText('Carried')).toBeVisible();
    },
  },
  {
    path: '/memories',
    persona: 'hana',
    ready: async (page) => {
      await expect(page.getByRole('list', { name: 'Memories', exact: true })).toBeVisible();
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
  {
    path: '/admin/review',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Review/)(page);
      // The queue's keys, or the words for an empty queue (other journeys publish and dismiss keys).
      await expect(
        page.getByRole('heading', { level: 2, name: /keys? shown/ }).or(page.getByText('Nothing to review right now')),
      ).toBeVisible();
    },
  },
  {
    path: '/admin/facts',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Facts/)(page);
      await expect(page.getByRole('button', { name: 'Publish a fact' })).toBeEnabled();
      await expect(page.locator('tr[data-fact-key="fiscal-year"]')).toBeVisible();
    },
  },
  {
    path: '/admin/audit',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Audit/)(page);
      await expect(page.getByRole('table', { name: 'Audit log entries, newest first' }).getByRole('cell').first()).toBeVisible();
    },
  },
  {
    path: '/admin/settings',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Settings/)(page);
      await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled();
      await expect(page.getByRole('region', { name: 'Alert webhook' })).toBeVisible();
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
  {
    path: '/admin/preview',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Member preview/)(page);
      await expect(page.getByRole('list', { name: 'People you can preview' })).toBeVisible();
    },
  },
  {
    path: '/admin/people',
    persona: 'bob',
    ready: async (page) => {
      await heading(/People/)(page);
      await expect(page.getByTestId('people-count')).toBeVisible();
    },
  },
  {
    path: '/admin/people/[hana]',
    persona: 'gina',
    address: (page) => personPageOf(page, 'hana@example.com'),
    ready: async (page) => {
      await heading('Hana Hoffmann')(page);
      await expect(page.getByTestId('person-memory-count')).toBeVisible();
    },
  },
  {
    path: '/admin/scopes',
    persona: 'bob',
    ready: async (page) => {
      await heading(/Groups/)(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Groups of Berlin office' })).toBeVisible();
    },
  },
  {
    path: '/ops?range=7d',
    persona: 'olga',
    ready: async (page) => {
      await heading(/Operations/)(page);
      await expect(page.getByTestId('ops-chart').first().locator('svg.ops-chart-surface')).toBeVisible();
      await expect(page.getByTestId('alert-row').first()).toBeVisible();
    },
  },
  { path: '/docs/runtime-api', persona: 'alice', ready: heading(/./), headerless: true },
  { path: '/signin', persona: null, ready: heading('Sign in to Memory Console'), headerless: true },
  { path: '/no-such-page', persona: 'alice', ready: heading('Page not found') },
  { path: '/no-such-page', persona: null, ready: heading('Page not found'), headerless: true },
];
