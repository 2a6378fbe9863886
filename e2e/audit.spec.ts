// The audit log and member preview end to end (docs/operations.md "Audit log", docs/features.md
// "Member preview"). The undo journey takes Berlin's demo fact expense-limit away and brings it
// back, so the demo data is as before when it ends.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { memoryRow } from './support/memory-rows';
import { storageStatePath } from './personas';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

const EXPENSE_TEXT = 'Expenses above 500 EUR need a manager’s approval.';

function entries(page: Page) {
  return page.getByRole('table', { name: 'Audit log entries, newest first' }).getByRole('row');
}

async function filterToKey(page: Page, key: string) {
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('Key').fill(key);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]key=${key}`));
  // The earlier, unfiltered rows stay until the filtered ones arrive.
  await expect(
    entries(page)
      .filter({ has: page.getByRole('cell') })
      .filter({ hasNotText: key }),
  ).toHaveCount(0);
}

async function undoNewest(page: Page, key: string) {
  await entries(page)
    .filter({ hasText: key })
    .first()
    .getByRole('button', { name: `Undo this change to ${key}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Undo this change to “${key}”?` });
  await dialog.getByRole('button', { name: 'Undo change' }).click();
  await expect(dialog).toBeHidden();
  const outcome = page.getByRole('status').filter({ hasText: 'Undone.' });
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
}

test.describe('bob, audit log', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('filters to a key, undoes its publication and the undo, and sees the fact restored', async ({ page }) => {
    await page.goto('/admin/audit');
    await filterToKey(page, 'expense-limit');
    await expect(entries(page).filter({ hasText: 'Published a fact' })).toContainText(EXPENSE_TEXT);

    await undoNewest(page, 'expense-limit');
    await expect(page.getByRole('status').filter({ hasText: 'Undone.' })).toContainText('“expense-limit” was removed');
    await page.goto('/memories');
    await expect(memoryRow(page, 'expense-limit')).toHaveCount(0);

    await page.goto('/admin/audit?key=expense-limit');
    await expect(entries(page).filter({ hasText: 'Undid a change' })).toHaveCount(1);
    await undoNewest(page, 'expense-limit');
    await page.goto('/memories');
    const restored = memoryRow(page, 'expense-limit');
    await expect(restored).toContainText(EXPENSE_TEXT);
    await restored.getByRole('button', { name: 'Actions', exact: true }).click();
    await expect(restored.getByRole('link', { name: 'Change it on the Facts page' })).toHaveAttribute(
      'href',
      '/admin/facts?scope=tenant%3Aberlin&key=expense-limit',
    );

    // The publication itself cannot be undone a second time: the fact it created is gone.
    await page.goto('/admin/audit?key=expense-limit&action=memory.published');
    await entries(page).getByRole('button', { name: 'Undo this change to expense-limit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Undo change' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Not undone.' });
    await expect(refused).toContainText('deleted and created again since');
    await expect(refused).toBeFocused();
  });

  test('says where each change was held in people’s words, with its token beside for the Scope filter', async ({ page }) => {
    await page.goto('/admin/audit?key=expense-limit&action=memory.published');
    const published = entries(page).filter({ hasText: 'Published a fact' }).first();
    await expect(published.getByRole('cell').nth(3)).toContainText('Berlin office');
    await expect(published.locator('[data-technical]').filter({ hasText: 'tenant:berlin' })).toBeVisible();

    await page.goto('/admin/audit?action=memory.saved&person=alice%40example.com');
    const own = entries(page).filter({ hasText: 'Saved a memory' }).first();
    await expect(own.getByRole('cell').nth(3)).toContainText('Only Alice Adler');
    await expect(own.locator('[data-technical]').filter({ hasText: 'actor:u1' })).toBeVisible();

    // The filter takes the place by its name; the address keeps the token.
    await page.goto('/admin/audit');
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByLabel('Held for').selectOption({ label: 'Berlin office' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]scope=tenant%3Aberlin/);
    const rows = entries(page).filter({ has: page.getByRole('cell') });
    await expect(rows.first()).toContainText('Berlin office');
    await expect(rows.filter({ hasNotText: 'Berlin office' })).toHaveCount(0);
  });

  test('previews alice’s next turn', async ({ page }) => {
    await page.goto('/admin/preview');
    await page.getByLabel('Find a person').fill('alice');
    await page.getByRole('button', { name: /Alice Adler/ }).click();
    await expect(page).toHaveURL(/[?&]person=usr_/);
    const preview = page.getByRole('region', { name: 'What the assistant would see' });
    await expect(preview).toContainText('memories about Alice Adler');
    await expect(preview.getByRole('list', { name: /Stated by people/ })).toContainText('Never store customer names in notes.');
    await expect(preview.getByRole('list', { name: /Concluded by the assistant/ })).toContainText('They report on the calendar year.');
    // Her own memories are hers, not the reader's.
    await expect(preview.getByTitle('Applies to: Only Alice Adler').first()).toBeVisible();
    await expect(preview).not.toContainText('Just you');
    await expect(preview.getByText('Carried')).toBeVisible();
  });

  test('/admin/audit and /admin/preview have no serious or critical axe violations in light and dark mode', async ({ page }) => {
    await page.goto('/admin/audit');
    await expect(entries(page).first()).toBeVisible();
    await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));
    await page.goto('/admin/preview');
    await page.getByRole('button', { name: /Alice Adler/ }).click();
    await expect(page.getByRole('region', { name: 'What the assistant would see' })).toContainText('Carried');
    await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));
  });

  test('at 390 px the log shows cards without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/audit');
    await expect(entries(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('gina, member preview of another person', () => {
  test.use({ storageState: storageStatePath('gina') });

  test('speaks about hana by name, never “Just you”', async ({ page }) => {
    await page.goto('/admin/preview');
    await page.getByLabel('Find a person').fill('hana');
    await page.getByRole('button', { name: /Hana Hoffmann/ }).click();
    const preview = page.getByRole('region', { name: 'What the assistant would see' });
    await expect(preview).toContainText('memories about Hana Hoffmann');
    // Her turn is full of always-on facts of her organisation (her own memories are left out):
    // their badge names her organisation as hers.
    await expect(preview.getByTitle('Applies to: Hana Hoffmann’s organisation').first()).toBeVisible();
    await expect(preview).not.toContainText('Just you');
    await expect(preview).not.toContainText('Your organisation');
  });
});

test.describe('alice, audit log', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('is refused the audit log, its export and the member preview', async ({ page, request }) => {
    await page.goto('/admin/audit');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to Audit' })).toBeVisible();
    expect((await request.get('/api/audit/export?format=csv')).status()).toBe(403);
    await page.goto('/admin/preview');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to Member preview' })).toBeVisible();
  });
});
