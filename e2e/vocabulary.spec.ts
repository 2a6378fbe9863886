// One vocabulary (docs/features.md "Words"): no page shows a raw scope token (`actor:…`,
// `tenant:…`, `depot:…`, `global` as a token) or `maxMemories` outside an element marked
// `data-technical` — the runtime API's documentation, curl samples, filter values and the token
// shown beside a name for the curious. Every page of e2e/support/console-pages.ts is checked, and
// the pages behind a click that show scopes most.
import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-pages';
import { addressOf, CONSOLE_PAGES, type ConsolePage } from './support/console-pages';
import type { Persona } from './personas';

const DESKTOP = { width: 1440, height: 900 };

/** Visible text outside `[data-technical]` that shows a raw token, with where it stands. */
function rawTokens(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('[data-technical], script, style, noscript, template')) continue;
      if (!element.checkVisibility()) continue;
      const text = node.textContent ?? '';
      const token =
        /\b(?:actor|tenant|depot):[\w.-]+/.exec(text)?.[0] ??
        /maxMemories/.exec(text)?.[0] ??
        (/^\s*\(?global\)?\s*$/.test(text) || /\(global\)|\bglobal,|, global\b/.test(text) ? 'global' : undefined);
      if (token) found.push(`${token} in “${text.trim().slice(0, 100)}” (<${element.tagName.toLowerCase()}>)`);
    }
    return found;
  });
}

const EXTRA_PAGES: { path: string; persona: Persona; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/admin/review/fiscal-year?tenant=berlin',
    persona: 'bob',
    ready: async (page) => {
      await expect(page.getByRole('list', { name: 'Wordings' })).toBeVisible();
    },
  },
  {
    path: '/admin/facts?scope=depot%3Ahh',
    persona: 'gina',
    ready: async (page) => {
      await expect(page.locator('tr[data-fact-key="loading-dock"]')).toBeVisible();
    },
  },
  {
    path: '/admin/audit',
    persona: 'gina',
    ready: async (page) => {
      await expect(page.getByRole('table').first()).toBeVisible();
    },
  },
];

test.describe.configure({ mode: 'parallel' });

test('the check finds a raw token in people’s text, and none in a technical detail', async ({ sharedPages }) => {
  const page = await sharedPages.pageOf(null, DESKTOP);
  await page.goto('/signin');
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.id = 'vocabulary-probe';
    probe.innerHTML =
      '<p>Applies to tenant:berlin</p><span>global</span><p>Raise maxMemories</p>' +
      '<p data-technical>depot:hh and actor:u1</p><p>Everyone on this console, a global administrator</p>';
    document.body.append(probe);
  });
  try {
    expect(await rawTokens(page)).toEqual([
      'tenant:berlin in “Applies to tenant:berlin” (<p>)',
      'global in “global” (<span>)',
      'maxMemories in “Raise maxMemories” (<p>)',
    ]);
  } finally {
    await page.evaluate(() => document.getElementById('vocabulary-probe')?.remove());
  }
});

for (const entry of [...CONSOLE_PAGES, ...EXTRA_PAGES] as ConsolePage[]) {
  const { path, persona, ready } = entry;
  test(`${path} as ${persona ?? 'nobody signed in'} shows no raw scope token outside a technical detail`, async ({ sharedPages }) => {
    const page = await sharedPages.pageOf(persona, DESKTOP);
    await page.goto(await addressOf(entry, page));
    await ready(page);
    expect(await rawTokens(page)).toEqual([]);
  });
}
