// Published facts and the organisation's settings, end to end, as Bob (Berlin administrator).
// The journey uses a key of its own and deletes it at the end, so the demo data stays as it was.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './personas';

test.use({ storageState: storageStatePath('bob') });

function factRow(page: Page, key: string) {
  return page.locator(`tr[data-fact-key="${key}"]`);
}

test('bob publishes, edits, pins, meets a conflicting edit, and deletes a fact', async ({ page, request }) => {
  const key = `e2e-parking-${test.info().workerIndex}-${test.info().retry}`;
  await page.goto('/admin/facts');

  await page.getByRole('button', { name: 'Publish a fact' }).click();
  const create = page.getByRole('dialog', { name: 'Publish a fact' });
  await expect(create.getByLabel('Published for')).toHaveValue('tenant:berlin');
  await create.getByLabel('Key').fill(key);
  await create.getByLabel('Fact').fill('');
  await create.getByRole('button', { name: 'Publish' }).click();
  // validateFact runs in the browser first: nothing is sent for an empty fact.
  await expect(create.getByText(/text is required/)).toBeVisible();
  await create.getByLabel('Fact').fill('Visitors park in the yard.');
  await create.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`Saved “${key}” for Berlin office.`)).toBeFocused();
  await expect(factRow(page, key)).toContainText('Visitors park in the yard.');

  await factRow(page, key)
    .getByRole('button', { name: `Edit ${key}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit “${key}”` });
  await edit.getByLabel('Fact').fill('Visitors park behind the office.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(factRow(page, key)).toContainText('Visitors park behind the office.');
  await expect(factRow(page, key)).toContainText('version 2');

  await factRow(page, key)
    .getByRole('button', { name: `Pin ${key}` })
    .click();
  const pin = page.getByRole('dialog', { name: `Make “${key}” always on?` });
  await expect(pin.getByText(/With this pin: every always-on fact still fits for all \d+ people/)).toBeVisible();
  await pin.getByRole('button', { name: 'Make always on' }).click();
  await expect(page.getByText(`“${key}” is always on now.`)).toBeFocused();
  await expect(factRow(page, key)).toContainText('Always on');

  // A second administrator saves while Bob's edit form is open: Bob is told, with their text.
  await factRow(page, key)
    .getByRole('button', { name: `Edit ${key}` })
    .click();
  const stale = page.getByRole('dialog', { name: `Edit “${key}”` });
  const other = await request.post('/api/trpc/facts.save', {
    data: { scope: 'tenant:berlin', key, text: 'Visitors park at the station.', expectedVersion: 3 },
  });
  expect(other.status()).toBe(200);
  await stale.getByLabel('Fact').fill('Visitors park on the street.');
  await stale.getByRole('button', { name: 'Save changes' }).click();
  await expect(stale.getByRole('alert')).toContainText('It now reads: “Visitors park at the station.”');
  await stale.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();

  await factRow(page, key)
    .getByRole('button', { name: `History of ${key}` })
    .click();
  const history = page.getByRole('dialog', { name: `History of “${key}”` });
  await expect(history.getByText('Made always on by Bob Brandt')).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();

  await factRow(page, key)
    .getByRole('button', { name: `Delete ${key}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Delete “${key}”?` });
  await confirm.getByRole('button', { name: 'Delete fact' }).click();
  await expect(page.getByText(`Deleted “${key}”.`)).toBeFocused();
  await expect(factRow(page, key)).toHaveCount(0);
});

test('bob sees global facts read-only and who overrides them', async ({ page }) => {
  await page.goto('/admin/facts');
  const fiscal = page.locator('tr[data-fact-key="fiscal-year"]');
  await expect(fiscal).toContainText('Read only');
  await expect(fiscal.getByRole('button', { name: 'Edit fiscal-year' })).toHaveCount(0);
  await fiscal.getByRole('button', { name: /People who override fiscal-year/ }).click();
  await expect(page.getByRole('dialog', { name: 'Who overrides “fiscal-year”' })).toContainText('Alice Adler');
});

test('lowering the budget on Settings shows who would lose always-on facts', async ({ page }) => {
  await page.goto('/admin/settings');
  const lines = page.getByLabel('Memories per turn');
  await expect(lines).toHaveValue('20');
  await lines.fill('1');
  await expect(page.getByText(/With 1 memory per turn: \d+ people of \d+ people would have more always-on facts/)).toBeVisible();
  await expect(page.getByText(/Including .*Alice Adler/)).toBeVisible();
  // … and, the limit going down, whose other memories would no longer fit.
  await expect(page.getByText(/^Alice Adler: \d+ (memory|memories) would no longer fit in a turn/)).toBeVisible();
  await lines.fill('20');
});
