// "My memories" end to end: what a person sees, what they may change, and that the server agrees.
// Tests share one database per run, so each one creates the data it changes under its own key.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { memoryRow, memoryRowAction } from './support/memory-rows';
import { storageStatePath } from './personas';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';
import { typeThenClearAsTheAddressChanges } from './support/typing-race';

interface AgentMemory {
  id: string;
  key: string;
  text: string;
  scope: string;
  pinned: boolean;
  origin: { author: 'human' | 'agent'; threadId?: string; actorRef?: string };
  overrides: { scope: string; text: string; author: 'human' | 'agent' }[];
}

/** The server's view, through the runtime's REST contract, not through the page. */
async function serverMemories(request: APIRequestContext): Promise<AgentMemory[]> {
  const response = await request.get('/agent/memories');
  expect(response.status()).toBe(200);
  return (await response.json()) as AgentMemory[];
}

async function serverMemory(request: APIRequestContext, key: string): Promise<AgentMemory | undefined> {
  return (await serverMemories(request)).find((memory) => memory.key === key);
}

/** Setup through the same tRPC procedure the page uses (plain JSON input). */
async function stateFact(request: APIRequestContext, key: string, text: string): Promise<void> {
  const response = await request.post('/api/trpc/memories.save', { data: { key, text } });
  expect(response.status()).toBe(200);
}

function row(page: Page, key: string) {
  return memoryRow(page, key);
}

async function addFact(page: Page, key: string, text: string) {
  await page.getByRole('button', { name: 'Add a memory' }).click();
  const form = page.getByRole('form', { name: 'Add a memory about yourself' });
  await form.getByLabel('Memory', { exact: true }).fill(text);
  await form.getByText('Advanced: choose the key').click();
  await form.getByLabel('Key').fill(key);
  await form.getByRole('button', { name: 'Save memory' }).click();
  return form;
}

test.describe('alice, my memories', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('fiscal-year shows her value, who concluded it, and the October value for everyone under it', async ({ page }) => {
    await page.goto('/memories');
    const fiscal = row(page, 'fiscal-year');
    await expect(fiscal).toContainText('They report on the calendar year.');
    await expect(fiscal).toContainText('The assistant’s guess');
    // Relative once the page is live in the browser; the exact time is on hover.
    await expect(fiscal).toContainText(/updated (just now|\d+ (minutes?|hours?|days?) ago)/);
    await expect(fiscal.getByText(/just now|ago$/)).toHaveAttribute('title', /\d{4}/);
    await expect(fiscal).toContainText('Applies to: Just you');
    await expect(fiscal.getByRole('link', { name: 'Q3 revenue report' })).toHaveAttribute('href', '/memories?thread=thr_q3_report');
    await expect(fiscal.getByRole('button', { name: 'Always on' })).toHaveAccessibleDescription(/goes first into every conversation/);
    await expect(fiscal.getByRole('list', { name: 'Values this memory overrides for you' })).toContainText(
      'The value for everyone, overridden for you: The fiscal year starts in October. (set by an administrator)',
    );

    const server = await serverMemory(page.request, 'fiscal-year');
    expect(server).toMatchObject({ scope: 'actor:u1', text: 'They report on the calendar year.' });
    expect(server?.overrides).toEqual([{ scope: 'global', text: 'The fiscal year starts in October.', author: 'human' }]);
  });

  test('a memory from a deleted conversation is listed and says the conversation is gone', async ({ page }) => {
    await page.goto('/memories');
    await expect(row(page, 'hotel')).toContainText('from a conversation no longer available');
    await expect(row(page, 'hotel').getByRole('link')).toHaveCount(0);
  });

  test('a memory held for everyone has no delete, only a note on who can change it', async ({ page }) => {
    await page.goto('/memories');
    const units = row(page, 'units');
    await expect(units).toContainText('Report distances in kilometres.');
    await expect(units).toContainText('Set by an administrator');
    await expect(units).toContainText('Applies to: Everyone');
    await expect(units.getByRole('button', { name: /delete/i })).toHaveCount(0);
    await expect(units.getByRole('button', { name: /edit/i })).toHaveCount(0);
    await expect(units).toContainText('Only an administrator can change it.');
  });

  test('adds a fact, edits it, deletes it after confirming, and it stays gone after a reload', async ({ page }) => {
    await page.goto('/memories');
    const form = await addFact(page, 'preferred-seat', 'I prefer a window seat.');
    await expect(form).toHaveCount(0);
    // The saved row is scrolled to and takes focus.
    const seat = row(page, 'preferred-seat');
    await expect(seat).toBeFocused();
    await expect(seat).toContainText('I prefer a window seat.');
    await expect(seat).toContainText('You said this');
    expect(await serverMemory(page.request, 'preferred-seat')).toMatchObject({
      scope: 'actor:u1',
      text: 'I prefer a window seat.',
      origin: { author: 'human' },
    });

    await memoryRowAction(page, 'preferred-seat', 'Edit');
    const edit = page.getByRole('form', { name: 'Edit “preferred-seat”' });
    await edit.getByLabel('Memory', { exact: true }).fill('I prefer an aisle seat.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    // The open form's text field holds the new words too: wait for it to close.
    await expect(edit).toHaveCount(0);
    await expect(seat).toContainText('I prefer an aisle seat.');
    await expect.poll(async () => (await serverMemory(page.request, 'preferred-seat'))?.text).toBe('I prefer an aisle seat.');

    // The confirmation quotes the memory; Escape keeps it and gives focus back to the row's menu.
    await memoryRowAction(page, 'preferred-seat', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete this memory?' });
    await expect(dialog).toContainText('I prefer an aisle seat.');
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(seat.getByRole('button', { name: 'Actions', exact: true })).toBeFocused();

    await memoryRowAction(page, 'preferred-seat', 'Delete');
    await dialog.getByRole('button', { name: 'Delete memory' }).click();
    await expect(seat).toHaveCount(0);
    await expect(page.getByText('Deleted “I prefer an aisle seat.”.')).toBeVisible();
    await expect.poll(async () => serverMemory(page.request, 'preferred-seat')).toBeUndefined();

    await page.reload();
    await expect(row(page, 'fiscal-year')).toBeVisible();
    await expect(row(page, 'preferred-seat')).toHaveCount(0);
  });

  test('a too-long fact is refused at the field, naming the limit', async ({ page }) => {
    await page.goto('/memories');
    const form = await addFact(page, 'too-long-fact', 'x'.repeat(241));
    const fact = form.getByLabel('Memory', { exact: true });
    await expect(fact).toHaveAttribute('aria-invalid', 'true');
    await expect(fact).toHaveAccessibleDescription('Keep it under 240 characters — this one has 241.');
    await expect(fact).toBeFocused();
    // The error replaces the counter: the numbers are said once.
    await expect(form).not.toContainText('241 of 240 characters');
    expect(await serverMemory(page.request, 'too-long-fact')).toBeUndefined();
  });

  test('a key or fact validateFact refuses is shown at the field and never sent', async ({ page }) => {
    await page.goto('/memories');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/memories.save')) sent.push(request.url());
    });
    const form = await addFact(page, 'Bad Key', 'A fine sentence.');
    const key = form.getByLabel('Key');
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(key).toHaveAccessibleDescription(/The key may use only lowercase letters/);
    await expect(key).toBeFocused();
    await form.getByLabel('Key').fill('hidden-text');
    await form.getByLabel('Memory', { exact: true }).fill('Looks fine\u202Ebut is reordered.');
    await form.getByRole('button', { name: 'Save memory' }).click();
    await expect(form.getByLabel('Memory', { exact: true })).toHaveAccessibleDescription(
      /hidden characters that could change how it reads/,
    );
    expect(sent).toEqual([]);
    expect(await serverMemory(page.request, 'hidden-text')).toBeUndefined();
  });

  test('a save beyond the per-person limit says how many they hold and what to do', async ({ page }) => {
    await page.goto('/memories');
    // Reaching the real limit would take 500 saves; the answer below has the server's exact shape.
    const message =
      'You already hold 500 facts you stated; the limit is 500. Delete some you no longer need, or ask your administrator to raise the limit, then save again.';
    await page.route('**/api/trpc/memories.save**', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message,
              code: -32009,
              data: {
                code: 'CONFLICT',
                httpStatus: 409,
                path: 'memories.save',
                zodError: null,
                domain: { code: 'CONFLICT', reason: 'QUOTA_EXCEEDED', held: 500, limit: 500 },
              },
            },
          },
        ]),
      }),
    );
    const form = await addFact(page, 'one-too-many', 'One fact more than allowed.');
    await expect(form.getByRole('alert')).toHaveText(message);
    await expect(form).not.toContainText('You already have a note');
    await expect(form.getByLabel('Memory', { exact: true })).toHaveValue('One fact more than allowed.');
    expect(await serverMemory(page.request, 'one-too-many')).toBeUndefined();
  });

  test('a delete the server refuses puts the row back with an error message', async ({ page }) => {
    await stateFact(page.request, 'refused-delete', 'I keep this one.');
    await page.goto('/memories');
    await page.route('**/api/trpc/memories.forget**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'This memory is shared with others at a wider scope; only an administrator of that scope can change or remove it.',
              code: -32003,
              data: { code: 'FORBIDDEN', httpStatus: 403, path: 'memories.forget', zodError: null, domain: { code: 'FORBIDDEN' } },
            },
          },
        ]),
      }),
    );
    const refused = row(page, 'refused-delete');
    await memoryRowAction(page, 'refused-delete', 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete memory' }).click();
    // Said beside the row, which is back, with focus on the error.
    const refusal = refused.getByRole('alert');
    await expect(refusal).toContainText('only an administrator of that scope can change or remove it');
    await expect(refusal).toBeFocused();
    await expect(refused).toContainText('I keep this one.');
    expect(await serverMemory(page.request, 'refused-delete')).toMatchObject({ text: 'I keep this one.' });
  });

  test('search and the conversation filter are in the URL, and back restores the earlier view', async ({ page }) => {
    await page.goto('/memories');
    const search = page.getByRole('searchbox', { name: 'Search by key or text' });
    await search.fill('calendar');
    await expect(page).toHaveURL(/\/memories\?q=calendar$/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(row(page, 'fiscal-year')).toBeVisible();

    await search.fill('');
    await expect(page).toHaveURL(/\/memories$/);
    await page.getByLabel('Conversation').selectOption('thr_q3_report');
    await expect(page).toHaveURL(/\/memories\?thread=thr_q3_report$/);
    await expect(row(page, 'meeting-length')).toBeVisible();
    await expect(row(page, 'units')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/memories$/);
    await expect(row(page, 'units')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/memories\?q=calendar$/);
    await expect(search).toHaveValue('calendar');
    await expect(page.getByRole('article')).toHaveCount(1);

    // A conversation's title in a row links to the same filter.
    await page.goto('/memories');
    await row(page, 'fiscal-year').getByRole('link', { name: 'Q3 revenue report' }).click();
    await expect(page).toHaveURL(/\/memories\?thread=thr_q3_report$/);
    await expect(page.getByLabel('Conversation')).toHaveValue('thr_q3_report');
    await expect(row(page, 'units')).toHaveCount(0);

    // Typed and emptied just as the words reach the address: the box stays empty, and so does the
    // address's search.
    await typeThenClearAsTheAddressChanges(page, 'Search by key or text', 'cal');
    await expect(page).toHaveURL(/\/memories\?thread=thr_q3_report$/);
    await expect(search).toHaveValue('');
    await expect(row(page, 'meeting-length')).toBeVisible();
  });

  test('exports everything listed as a JSON file', async ({ page }) => {
    await page.goto('/memories');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^memories-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(exported.person).toMatchObject({ email: 'alice@example.com', actorRef: 'u1' });
    expect(Date.parse(exported.exportedAt)).not.toBeNaN();
    const fiscal = exported.memories.find((memory: { key: string }) => memory.key === 'fiscal-year');
    expect(fiscal).toMatchObject({ text: 'They report on the calendar year.', scope: 'actor:u1', author: 'agent' });
    expect(fiscal.origin).toMatchObject({ threadId: 'thr_q3_report', thread: { title: 'Q3 revenue report', exists: true } });
    expect(fiscal.overrides).toEqual([
      expect.objectContaining({ scope: 'global', text: 'The fiscal year starts in October.', author: 'human' }),
    ]);
    // The file holds exactly what the server lists.
    const listed = (await serverMemories(page.request)).map((memory) => memory.key).sort();
    expect(exported.memories.map((memory: { key: string }) => memory.key).sort()).toEqual(listed);
    await expect(page.getByRole('status').filter({ hasText: /Exported \d+ memories\./ })).toBeVisible();
  });

  test('the preview shows what one turn carries, with always-on notes marked', async ({ page }) => {
    await page.goto('/memories');
    const preview = page.getByRole('region', { name: 'What the assistant sees' });
    const stated = preview.getByRole('list', { name: /Stated by people/ });
    await expect(stated).toContainText('data-retention');
    await expect(
      stated.getByRole('listitem').filter({ hasText: 'data-retention' }).getByRole('button', { name: 'Always on' }),
    ).toBeVisible();
    await expect(preview.getByRole('list', { name: /Concluded by the assistant/ })).toContainText('They report on the calendar year.');
  });
});

test.describe('hana, a depot member', () => {
  test.use({ storageState: storageStatePath('hana') });

  test('sees the depot fact, held for her depot, and a partial-selection preview', async ({ page }) => {
    await page.goto('/memories');
    const dock = row(page, 'loading-dock');
    await expect(dock).toContainText('Trucks use dock 3 after 18:00.');
    await expect(dock).toContainText('Applies to: Hamburg depot');
    await expect(dock).toContainText('Set by an administrator');
    await expect(dock).toContainText('Only an administrator can change it.');
    await expect(dock.getByRole('button', { name: /delete/i })).toHaveCount(0);
    expect(await serverMemory(page.request, 'loading-dock')).toMatchObject({ scope: 'depot:hh', pinned: true });

    // Hamburg pins more policies than its budget of 5 carries.
    const preview = page.getByRole('region', { name: 'What the assistant sees' });
    await expect(preview.getByRole('note')).toContainText('Partial selection');
    await expect(preview.getByRole('list', { name: /Left out this turn/ })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('/memories has no serious or critical axe violations in light and dark mode', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/memories');
    await expect(row(page, 'fiscal-year')).toBeVisible();
    await page.getByRole('button', { name: 'Add a memory' }).click();
    await expect(page.getByRole('form', { name: 'Add a memory about yourself' })).toBeVisible();
    await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));
    // A hydration mismatch would re-render the whole document and drop the theme class.
    expect(pageErrors).toEqual([]);
  });
});
