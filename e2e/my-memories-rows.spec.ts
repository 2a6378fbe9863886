// The rows of My memories as a person reads them, on a desktop (1440×900) and a phone (390×844):
// one truthful status per row, one vocabulary (whose scope, who said it), a conflict as a
// decision, adding in plain words (derived key, collisions, topics), errors as sentences, focus
// after a delete and after a wrong password. Specs share one database: what alice changes is put
// back; the decisions use the e2e-only rows account, whose guesses are seeded for this spec.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { VisibleMemory } from '../components/trpc/outputs';
import { estimatedRowHeight, overriddenSharedValue } from '../components/memories/memory-wording';
import { memoryRow, memoryRowAction } from './support/memory-rows';
import { storageStatePath } from './personas';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { showColorScheme } from './support/color-schemes';
import { signIn } from './support/sign-in';
import { ROWS_ACCOUNT } from './test-accounts';

// The journeys run once, on a desktop in light mode; each state worth a look is checked there and
// again on a phone in dark mode (the same page narrowed and switched: nothing reloads), so every
// state is checked by axe in both themes and at both widths.
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, colorScheme: 'light' },
  { name: 'phone', width: 390, height: 844, colorScheme: 'dark' },
] as const;
type Viewport = (typeof VIEWPORTS)[number];
const [DESKTOP, PHONE] = VIEWPORTS;

async function showViewport(page: Page, viewport: Viewport) {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await showColorScheme(page, viewport.colorScheme);
}

function row(page: Page, key: string) {
  return memoryRow(page, key);
}

/** The element lies within the window's width (nothing pushes the page sideways). */
async function expectWithinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/**
 * The state on screen, on the phone in dark and back on the desktop in light: `check` runs in both
 * (by default, that `within` lies within the window's width and axe finds nothing serious).
 */
async function expectOnBothViewports(page: Page, within: Locator[], check: () => Promise<void> = async () => undefined) {
  for (const viewport of [PHONE, DESKTOP]) {
    await showViewport(page, viewport);
    await check();
    for (const locator of within) await expectWithinWidth(page, locator);
    await expectNoBlockingAxeViolations(page);
  }
}

async function openAddForm(page: Page) {
  await page.getByRole('button', { name: /^\+?\s*Add a (fact|memory)$/ }).click();
  return page.getByRole('form', { name: 'Add a memory about yourself' });
}

async function deleteOwn(page: Page, key: string) {
  await memoryRowAction(page, key, 'Delete');
  await page.getByRole('dialog', { name: 'Delete this memory?' }).getByRole('button', { name: 'Delete memory' }).click();
  await expect(row(page, key)).toHaveCount(0);
}

test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height }, colorScheme: DESKTOP.colorScheme });

test.describe('hana', () => {
  test.use({ storageState: storageStatePath('hana') });

  test('each row says what her next conversation does with it, the same as the preview', async ({ page }) => {
    await page.goto('/memories');
    for (const key of ['working-hours', 'fiscal-year']) {
      const status = row(page, key).getByTestId('memory-status');
      await expect(status).toContainText('Always on, but left out');
      await expect(status).toContainText('An administrator can raise the limit or make fewer memories always on.');
      await expect(row(page, key).getByRole('button', { name: 'Always on' })).toHaveAccessibleDescription(/so this one is left out/);
    }
    for (const key of ['forklift-licence', 'shift']) {
      await expect(row(page, key).getByTestId('memory-status')).toContainText(
        'Left out of your next conversation. Over your organisation’s limit of 5 memories per turn',
      );
    }
    const dock = row(page, 'loading-dock');
    // A memory that is used says nothing about it: only one left out says so.
    await expect(dock.getByTestId('memory-status')).toHaveCount(0);
    await expect(dock.getByRole('button', { name: 'Always on' })).toHaveAccessibleDescription(/It is used in your next conversation\./);
    // A custom scope reads by its label.
    await expect(dock).toContainText('Applies to: Hamburg depot');
    await expect(dock).toContainText('Set by an administrator');

    await expectOnBothViewports(
      page,
      ['working-hours', 'loading-dock', 'forklift-licence'].map((key) => row(page, key)),
      async () => {
        // The tooltip of a left-out marker, on keyboard focus.
        for (const key of ['working-hours', 'fiscal-year']) {
          await row(page, key).getByRole('button', { name: 'Always on' }).focus();
          await expectWithinWidth(page, row(page, key).getByRole('tooltip'));
        }
      },
    );
  });
});

test.describe('alice', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('whose scope and who said it are two things, in one vocabulary', async ({ page }) => {
    await page.goto('/memories');
    const fiscal = row(page, 'fiscal-year');
    await expect(fiscal).toContainText('Applies to: Just you');
    await expect(fiscal).toContainText('The assistant’s guess');
    await expect(fiscal).not.toContainText('You said this');
    await expect(fiscal.getByRole('button', { name: 'Always on' })).toHaveAccessibleDescription(
      /An administrator made this topic always on/,
    );
    const team = row(page, 'team');
    await expect(team).toContainText('Applies to: Just you');
    await expect(team).toContainText('You said this');
    const units = row(page, 'units');
    await expect(units).toContainText('Applies to: Everyone');
    await expect(units).toContainText('Set by an administrator');
    await expect(row(page, 'expense-limit')).toContainText('Applies to: Your organisation');

    // What the page says around the memories, without the memories' own words (a seeded policy
    // says "notes").
    const list = page.getByRole('list', { name: 'Memories', exact: true });
    const held = (await (await page.request.get('/agent/memories')).json()) as { text: string; overrides: { text: string }[] }[];
    // On either screen: a phone may show other words than a desktop.
    for (const viewport of VIEWPORTS) {
      await showViewport(page, viewport);
      let words = await list.innerText();
      for (const text of held.flatMap((memory) => [memory.text, ...memory.overrides.map((override) => override.text)])) {
        words = words.split(text).join(' ');
      }
      expect(words, viewport.name).not.toMatch(/\bMine\b/);
      expect(words, viewport.name).not.toMatch(/\bnotes?\b|\bagent\b|\bsettings?\b|\bconcluded\b|\bfacts?\b/i);
    }
  });

  test('rows are compact: eight fit in one desktop screen, keys only under Advanced, actions in a menu', async ({ page }) => {
    await page.goto('/memories');
    const list = page.getByRole('list', { name: 'Memories', exact: true });
    const articles = list.getByRole('article');
    await expect.poll(() => articles.count()).toBeGreaterThanOrEqual(8);
    // From the first row at the top of the window, the eighth is wholly on screen.
    await articles.first().evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await expect(articles.nth(7)).toBeInViewport({ ratio: 1 });
    const [first, eighth] = [await articles.first().boundingBox(), await articles.nth(7).boundingBox()];
    expect(eighth!.y + eighth!.height - first!.y).toBeLessThanOrEqual(DESKTOP.height);

    // Keys are a technical detail, shown on request.
    const team = row(page, 'team');
    await expect(team.getByText('team', { exact: true })).toHaveCount(0);
    await page.getByText('Advanced', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Show the key each memory is stored under' }).check();
    await expect(team.locator('code[data-technical]')).toHaveText('team');
    await page.getByRole('checkbox', { name: 'Show the key each memory is stored under' }).uncheck();
    await expect(team.locator('code')).toHaveCount(0);

    // Her own value of an always-on topic says why it is always on.
    await expect(row(page, 'fiscal-year').getByRole('button', { name: 'Always on: your organisation pins this topic' })).toBeVisible();
    await expect(row(page, 'units')).not.toContainText('your organisation pins this topic');

    // The menu opens on the row's own actions, with focus on the first; Escape gives focus back.
    const menuButton = team.getByRole('button', { name: 'Actions', exact: true });
    await menuButton.click();
    await expect(team.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
    await expect(team.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    await expect(team.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await expectNoBlockingAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(team.getByRole('button', { name: 'Edit', exact: true })).toBeHidden();
    await expect(menuButton).toBeFocused();
    // A shared value she cannot change has no menu.
    await expect(row(page, 'units').getByRole('button', { name: 'Actions', exact: true })).toHaveCount(0);
    await expectOnBothViewports(page, [team]);
  });

  test('the height the server estimates for each row follows what the row shows', async ({ page }) => {
    // The server writes rows into the page until their estimated height covers a large screen
    // (rowsInServerHtml): the estimate is of rows as drawn at 1,280 px, and must stay near them.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/memories');
    const answer = await page.request.get(`/api/trpc/memories.list?input=${encodeURIComponent('{}')}`);
    const memories = ((await answer.json()) as { result: { data: { memories: VisibleMemory[] } } }).result.data.memories;
    const articles = page.getByRole('list', { name: 'Memories', exact: true }).getByRole('article');
    await expect(articles).toHaveCount(memories.length);
    const drawn = await articles.evaluateAll((nodes) =>
      nodes.map((node) => ({ key: node.getAttribute('data-memory-key'), height: node.getBoundingClientRect().height })),
    );
    expect(memories.some((memory) => overriddenSharedValue(memory))).toBe(true); // a row with a decision
    let estimatedTotal = 0;
    let drawnTotal = 0;
    for (const [index, memory] of memories.entries()) {
      expect(drawn[index]!.key).toBe(memory.key);
      const estimated = estimatedRowHeight(memory);
      // Many rows wrap to a second line (62–65 px against 41): the estimate errs towards writing more
      // rows, never towards leaving the screen short. Nothing is twice or half its estimate.
      expect(drawn[index]!.height / estimated, memory.key).toBeGreaterThan(0.5);
      expect(drawn[index]!.height / estimated, memory.key).toBeLessThan(2);
      estimatedTotal += estimated;
      drawnTotal += drawn[index]!.height;
    }
    expect(estimatedTotal / drawnTotal).toBeGreaterThan(0.75);
    expect(estimatedTotal / drawnTotal).toBeLessThan(1.25);
  });

  test('the assistant’s guess over the value for everyone is a decision on the row', async ({ page }) => {
    await page.goto('/memories');
    const fiscal = row(page, 'fiscal-year');
    const decide = fiscal.getByRole('group', { name: 'Decide which value applies' });
    await expect(decide).toContainText('For you, the assistant’s guess replaces the value for everyone. Decide which one should apply.');
    await expect(decide.getByRole('button', { name: 'Keep mine' })).toBeVisible();
    await expectOnBothViewports(page, [decide]);
    await decide.getByRole('button', { name: 'Use everyone’s value' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use everyone’s value instead?' });
    // (<q> adds the quotation marks on screen; they are not part of the text.)
    await expect(dialog).toContainText('The assistant’s guess is deleted: They report on the calendar year.');
    await expect(dialog).toContainText('Afterwards, the value for everyone applies to you: The fiscal year starts in October.');
    // Seed data other specs read: cancel here; the rows account below goes through with it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(fiscal).toContainText('They report on the calendar year.');
    // A row of her own without a shared value under it is no decision.
    await expect(row(page, 'team').getByRole('group')).toHaveCount(0);
  });

  test('adds in plain words: the key is made from them, Enter saves, a topic that applies is offered', async ({ page }) => {
    await page.goto('/memories');
    let form = await openAddForm(page);
    const field = form.getByLabel('Memory', { exact: true });
    await expect(field).toBeFocused();
    // One line: a pasted line break becomes a space.
    await field.fill('I prefer aisle seats\non long flights.');
    await expect(field).toHaveValue('I prefer aisle seats on long flights.');
    await expect(form).toContainText('Saved under the key aisle-seats-long-flights (made from your words)');
    await expect(form).toContainText('37 of 240 characters');
    await field.press('Enter');
    await expect(form).toHaveCount(0);
    const seats = row(page, 'aisle-seats-long-flights');
    await expect(seats).toContainText('You said this');

    // The same words again: the form says so, and keeps both on request.
    form = await openAddForm(page);
    await form.getByLabel('Memory', { exact: true }).fill('Aisle seats on long flights!');
    await form.getByRole('button', { name: 'Save memory' }).click();
    const collision = form.getByRole('alert');
    await expect(collision).toContainText(
      'You already have a memory under aisle-seats-long-flights: I prefer aisle seats on long flights.',
    );
    await expect(collision).toBeFocused();
    await expectOnBothViewports(page, []);
    await collision.getByRole('button', { name: /Keep both/ }).click();
    await expect(row(page, 'aisle-seats-long-flights-2')).toContainText('Aisle seats on long flights!');
    await expect(seats).toContainText('I prefer aisle seats on long flights.');

    // …or updates that one.
    form = await openAddForm(page);
    await form.getByLabel('Memory', { exact: true }).fill('Aisle seats, long flights.');
    await form.getByRole('button', { name: 'Save memory' }).click();
    await form.getByRole('button', { name: 'Update that one' }).click();
    await expect(seats).toContainText('Aisle seats, long flights.');

    // A statement about a topic that applies to her is offered that topic's key.
    form = await openAddForm(page);
    await form.getByLabel('Memory', { exact: true }).fill('Show me units in miles');
    await expect(form).toContainText(
      'This sounds like units, where the value for everyone applies to you: Report distances in kilometres.',
    );
    await expectOnBothViewports(page, [form]);
    await form.getByRole('button', { name: 'Use “units”' }).click();
    await expect(form.getByLabel('Memory', { exact: true })).toBeFocused();
    await expect(form).toContainText('Saved under the key units (chosen)');
    await form.getByRole('button', { name: 'Save memory' }).click();
    const units = row(page, 'units');
    await expect(units).toContainText('Show me units in miles');
    await expect(units).toContainText('Applies to: Just you');
    await expect(units.getByRole('list', { name: 'Values this memory overrides for you' })).toContainText(
      'Report distances in kilometres.',
    );

    // Put back what this test changed.
    await deleteOwn(page, 'units');
    await expect(row(page, 'units')).toContainText('Applies to: Everyone');
    await deleteOwn(page, 'aisle-seats-long-flights-2');
    await deleteOwn(page, 'aisle-seats-long-flights');
  });

  test('errors are sentences, and the counter and the error do not repeat each other', async ({ page }) => {
    await page.goto('/memories');
    const form = await openAddForm(page);
    const field = form.getByLabel('Memory', { exact: true });
    await field.fill('y'.repeat(354));
    await expect(form).toContainText('354 of 240 characters');
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription('Keep it under 240 characters — this one has 354.');
    await expect(form).not.toContainText('354 of 240');
    await expect(form.getByText('354')).toHaveCount(1);
    await expect(field).toBeFocused();
    await expectOnBothViewports(page, [form]);
    // Typing again brings the counter back in place of the error.
    await field.fill('Short enough.');
    await expect(form).toContainText('13 of 240 characters');
    await expect(form).not.toContainText('Keep it under');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  test('after a delete, focus goes to the next row; after the last one, to the list heading', async ({ page }) => {
    await page.goto('/memories');
    const form = await openAddForm(page);
    await form.getByLabel('Memory', { exact: true }).fill('Zebra crossings near the office.');
    await form.getByRole('button', { name: 'Save memory' }).click();
    await expect(form).toHaveCount(0);
    // The new row is scrolled to, focused and marked for a moment.
    await expect(row(page, 'zebra-crossings-near-office')).toBeFocused();
    await expect(row(page, 'zebra-crossings-near-office')).toBeInViewport();
    await expect(row(page, 'zebra-crossings-near-office')).toHaveClass(/animate-just-saved/);
    const articles = page.getByRole('list', { name: 'Memories', exact: true }).getByRole('article');
    const keys = await articles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-memory-key') ?? ''));
    const index = keys.indexOf('zebra-crossings-near-office');
    expect(index).toBeGreaterThanOrEqual(0);
    await deleteOwn(page, 'zebra-crossings-near-office');
    const next = keys[index + 1];
    if (next) await expect(row(page, next)).toBeFocused();
    else await expect(page.getByRole('heading', { name: /\d+ memor/ })).toBeFocused();
  });

  test('the export carries the page’s words for each memory', async ({ page }) => {
    await page.goto('/memories');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON' }).click();
    const exported = JSON.parse(await readFile(await (await downloading).path(), 'utf8'));
    const labels = (key: string) => exported.memories.find((memory: { key: string }) => memory.key === key).labels;
    expect(labels('fiscal-year')).toEqual({
      appliesTo: 'Just you',
      saidBy: 'The assistant’s guess',
      nextConversation: 'Used in your next conversation',
      alwaysOn: true,
    });
    expect(labels('units')).toMatchObject({ appliesTo: 'Everyone', saidBy: 'Set by an administrator' });
    expect(labels('team')).toMatchObject({ appliesTo: 'Just you', saidBy: 'You said this' });
    // The API's own values stay as they are.
    expect(exported.memories.find((memory: { key: string }) => memory.key === 'fiscal-year').author).toBe('agent');
  });
});

test.describe('bob, a wrong password', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('takes focus to the error in the password dialog', async ({ page }) => {
    let calls = 0;
    // The sign-in of the saved state is recent; the answers below have the server's exact shape.
    await page.route('**/api/trpc/facts.delete**', (route) => {
      calls += 1;
      const reason = calls === 1 ? 'REAUTH_REQUIRED' : 'REAUTH_FAILED';
      const message = calls === 1 ? 'Type your password again to make this change.' : 'That password is not right. Try again.';
      return route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message,
              code: -32003,
              data: { code: 'FORBIDDEN', httpStatus: 403, path: 'facts.delete', zodError: null, domain: { code: 'FORBIDDEN', reason } },
            },
          },
        ]),
      });
    });
    await page.goto('/admin/facts');
    await page.getByRole('button', { name: 'Delete expense-limit' }).click();
    await page.getByRole('button', { name: 'Delete fact' }).click();
    const prompt = page.getByRole('dialog', { name: 'Confirm your password' });
    await prompt.getByLabel('Password').fill('not-my-password');
    await prompt.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(prompt.getByText('That password is not right. Try again.')).toBeFocused();
    await expectOnBothViewports(page, []);
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    expect(calls).toBe(2);
  });
});

// One decision of each kind on the desktop in light, another pair of rows on the phone in dark.
test('the rows account: "Keep mine" makes the guess hers; "Use the organisation’s value" deletes it', async ({ page }) => {
  const decisions = [
    {
      viewport: DESKTOP,
      keep: 'fiscal-year',
      useTheirs: 'expense-limit',
      theirs: 'your organisation’s value',
      theirsText: 'Expenses above 500 EUR',
    },
    {
      viewport: PHONE,
      keep: 'units',
      useTheirs: 'data-retention',
      theirs: 'your organisation’s value',
      theirsText: 'Never store customer names',
    },
  ];
  await signIn(page, ROWS_ACCOUNT);
  for (const { viewport, keep, useTheirs, theirs, theirsText } of decisions) {
    await test.step(viewport.name, async () => {
      await showViewport(page, viewport);
      const kept = row(page, keep);
      await expect(kept).toContainText('The assistant’s guess');
      await kept.getByRole('button', { name: 'Keep mine' }).click();
      // Hers now, in the assistant's words until she saves it herself.
      await expect(kept).toContainText('You confirmed the assistant’s guess');
      await expect(kept.getByRole('group', { name: 'Decide which value applies' })).toHaveCount(0);
      await expect(kept.getByRole('button', { name: 'Actions', exact: true })).toBeFocused();
      await expect(page.getByText(/” is now your own memory/)).toBeVisible();
      // The wider value is still shown under it, overridden for her.
      await expect(kept.getByRole('list', { name: 'Values this memory overrides for you' })).toBeVisible();

      const decided = row(page, useTheirs);
      await decided.getByRole('button', { name: 'Use the organisation’s value' }).click();
      const dialog = page.getByRole('dialog', { name: 'Use the organisation’s value instead?' });
      await expect(dialog).toContainText(`Afterwards, ${theirs} applies to you: ${theirsText}`);
      await dialog.getByRole('button', { name: 'Use the organisation’s value' }).click();
      await expect(dialog).toBeHidden();
      await expect(decided).toContainText(theirsText);
      await expect(decided).toContainText('Applies to: Your organisation');
      await expect(decided).toContainText('Set by an administrator');
      for (const key of [keep, useTheirs]) await expectWithinWidth(page, row(page, key));
      await expectNoBlockingAxeViolations(page);
    });
  }
});
