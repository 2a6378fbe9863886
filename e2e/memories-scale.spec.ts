// My memories for a person who sees thousands of memories (e2e/support/crowd-tenant.ts): the list
// arrives a page at a time, loads more as the person scrolls or presses "Load more", the header
// counts everything, and searching or filtering by conversation still finds every match — nothing
// missing, nothing twice.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { CROWD_ACCOUNT, CROWD_OWN, CROWD_PUBLISHED, CROWD_THREAD, CROWD_TOPIC, crowdKey } from './support/crowd-tenant';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { signIn } from './support/sign-in';

const TOPIC_MATCHES = Math.ceil(CROWD_PUBLISHED / 7);
// Own values that override a topic key win it (support/crowd-tenant.ts: own value i overrides key 3i when i is odd).
const TOPIC_YOURS = Array.from({ length: CROWD_OWN }, (_, i) => i).filter((i) => i % 2 === 1 && (i * 3) % 7 === 0).length;

const signInAsCrowd = (page: Page) => signIn(page, CROWD_ACCOUNT, { timeout: 20_000 });

const list = (page: Page) => page.getByRole('list', { name: 'Memories', exact: true });
const rows = (page: Page) => list(page).getByRole('article');

async function shownKeys(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((articles) => articles.map((article) => article.getAttribute('data-memory-key') ?? ''));
}

/**
 * Presses "Load more" until every match is shown; each press adds one page. Scrolling the last row
 * into view may already be loading the next page (the button is gone meanwhile): then it waits for it.
 */
async function loadEverything(page: Page, expected: number) {
  const more = page.getByRole('button', { name: 'Load more' });
  while ((await rows(page).count()) < expected) {
    const before = await rows(page).count();
    if (await more.isVisible()) await more.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(rows(page)).not.toHaveCount(before);
  }
  await expect(more).toHaveCount(0);
}

test.describe('a person who sees thousands of memories', () => {
  test('gets the first page with the totals, and more as they scroll or ask', async ({ page }) => {
    // The accessibility scan of a long list is slow on a busy machine; no assertion depends on time.
    test.slow();
    await signInAsCrowd(page);
    // Everything the runtime's read-back lists: the organisation's, their own that override none of
    // those, and the demo's facts for everyone.
    const response = await page.request.get('/agent/memories');
    expect(response.status()).toBe(200);
    const VISIBLE = ((await response.json()) as unknown[]).length;
    expect(VISIBLE).toBeGreaterThanOrEqual(CROWD_PUBLISHED + CROWD_OWN / 2);
    const heading = page.getByRole('heading', { name: /memories/, level: 2 });
    await expect(heading).toHaveText(`${VISIBLE.toLocaleString('en-GB')} memories · ${CROWD_OWN} of them yours to change`);
    await expect(rows(page)).toHaveCount(50);
    await expect(page.getByText(`Showing 50 of ${VISIBLE.toLocaleString('en-GB')} memories`)).toBeVisible();
    await expectNoBlockingAxeViolations(page);
    // Their own come first (narrowest scope), then the organisation's, each in key order.
    const first = await shownKeys(page);
    expect(first.slice(0, CROWD_OWN).every((key) => key.startsWith('mine-') || key.startsWith('crowd-'))).toBe(true);

    // Scrolling to the end of the list loads the next page by itself.
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect(rows(page)).toHaveCount(100);
    // Asking loads one more. Pressing it from the keyboard without scrolling it into view: a click
    // scrolls it there first, and the page that scrolling may load by itself would race the press's.
    const more = page.getByRole('button', { name: 'Load more' });
    await expect(more).toBeEnabled();
    await more.evaluate((button) => (button as HTMLButtonElement).focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await expect(rows(page)).toHaveCount(150);
    const keys = await shownKeys(page);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.slice(0, 50)).toEqual(first);
    expect(keys).toContain(crowdKey(0));
  });

  test('the server writes a screenful of rows into the page; the browser draws the rest of the first page', async ({ page }) => {
    await signInAsCrowd(page);
    // The page as the server sends it, before any script runs (docs/benchmarks.md "http": each row
    // the server writes costs it CPU on every load).
    const html = await (await page.request.get('/memories')).text();
    const written = [...html.matchAll(/<article[^>]*data-memory-key="([^"]+)"/g)].map((match) => match[1]);
    // This person's rows are one or two lines each, so the server writes its most, 12
    // (rowsInServerHtml in components/memories/memory-wording.ts: taller rows, fewer of them).
    expect(written).toHaveLength(12);
    // What the page holds is counted as it will be once interactive, so the count does not change then.
    expect(html).toMatch(/Showing (<!-- -->)?50(<!-- -->)? of/);
    // The totals come with the first page, even where the server made them from the list's own page.
    const total = /<h2[^>]*>([\d,]+) memories<span/.exec(html)?.[1];
    expect(total).toMatch(/^\d{1,3}(,\d{3})+$/);
    await page.goto('/memories');
    await expect(rows(page)).toHaveCount(50);
    // The same first rows, in the same order, then the rest of the page.
    expect((await shownKeys(page)).slice(0, 12)).toEqual(written);
    await expect(page.getByRole('heading', { name: /memories/, level: 2 })).toContainText(`${total} memories`);
    await expect(page.getByText(`Showing 50 of ${total} memories`)).toBeVisible();
  });

  test('search finds every match across pages, once each, and the conversation filter narrows it', async ({ page }) => {
    // Seven pages of results on a busy machine; no assertion depends on time.
    test.slow();
    await signInAsCrowd(page);
    const search = page.getByLabel('Search by key or text');
    await search.fill(CROWD_TOPIC.toUpperCase());
    await search.press('Enter');
    await expect(page.getByRole('heading', { name: /memories/, level: 2 })).toHaveText(
      `${TOPIC_MATCHES} memories match · ${TOPIC_YOURS} of them yours to change`,
    );
    await expect(rows(page)).toHaveCount(50);
    await loadEverything(page, TOPIC_MATCHES);
    const keys = await shownKeys(page);
    expect(keys).toHaveLength(TOPIC_MATCHES);
    expect(new Set(keys).size).toBe(TOPIC_MATCHES);
    // Every seventh published key mentions the topic; an overridden one matches through the value it beat.
    expect([...keys].sort()).toEqual(Array.from({ length: TOPIC_MATCHES }, (_, n) => crowdKey(n * 7)).sort());

    await search.fill('');
    await search.press('Enter');
    await page.getByLabel('Conversation').selectOption(CROWD_THREAD.id);
    await expect(page.getByRole('heading', { name: /memories/, level: 2 })).toHaveText('6 memories match · 6 of them yours to change');
    await expect(rows(page)).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });
});
