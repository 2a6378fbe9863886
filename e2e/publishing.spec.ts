// Publishing that cannot silently do the wrong thing (docs/features.md "Review queue" and
// "Publishing the assistant's conclusions"): wordings that say opposite things stay apart, choosing
// a place seeds always on from its fact and the diff shows it, the published fact is not overridden
// by the copies it came from, the dialog shows its reach and pin forecast, and a key one person
// holds is left out of the queue and needs an explicit yes. Only desk-booking (seeded for this
// spec, e2e/support/publishing-key.ts) and on-call are published; the other journeys cancel.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './personas';
import { PUBLISHING_KEY, PUBLISHING_TEXT } from './support/publishing-key';
import { expectNoBlockingAxeViolations } from './support/accessibility';

function group(page: Page, key: string) {
  return page.getByRole('listitem', { name: key, exact: true });
}

const wording = (page: Page, text: string) => page.getByRole('list', { name: 'Wordings' }).getByRole('listitem').filter({ hasText: text });

test.describe('gina, global administrator', () => {
  test.use({ storageState: storageStatePath('gina') });

  test('the early and the late shift stay two wordings, each with its own person', async ({ page }) => {
    await page.goto('/admin/review/shift?tenant=hamburg');
    const wordings = page.getByRole('list', { name: 'Wordings' });
    await expect(wordings.getByRole('listitem')).toHaveCount(2);
    await expect(wording(page, 'Works the early shift.')).toContainText('1 person');
    await expect(wording(page, 'Works the late shift.')).toContainText('1 person');
    await expect(wordings).not.toContainText('2 people');
  });

  test('choosing Everyone seeds always on from its fact, and the diff shows always on when it changes', async ({ page }) => {
    await page.goto('/admin/review/fiscal-year?tenant=berlin');
    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish “fiscal-year”' });
    const alwaysOn = dialog.getByRole('checkbox', { name: /^Always on: the assistant brings/ });
    await expect(dialog.getByRole('radio', { name: /Berlin office/ })).toBeChecked();
    await expect(alwaysOn).not.toBeChecked();

    await dialog.getByRole('radio', { name: /Everyone on this console/ }).check();
    await expect(alwaysOn).toBeChecked();
    const change = dialog.getByRole('region', { name: 'What changes' });
    await expect(change).toContainText('This replaces what Everyone on this console says now:');
    await expect(change).toContainText('The fiscal year starts in October.');
    await expect(change).toContainText('Always on, as now.');
    // Reach and the pin forecast for everyone: more than one organisation.
    const reach = dialog.getByRole('region', { name: 'Who it reaches' });
    await expect(reach).toContainText(/Reaches \d+ people in [2-9] organisations\./);
    await expect(reach).toContainText(/Always on: .*(would have more always-on facts|every always-on fact still fits)/);

    await alwaysOn.uncheck();
    await expect(change).toContainText('Always on changes: Always on → Used when relevant');
    await expect(reach).not.toContainText('Always on:');
    await dialog.getByRole('button', { name: 'Review replacement…' }).click();
    await expect(dialog).toContainText('It stops being always on (today it is).');
    await dialog.getByRole('button', { name: 'Back to editing' }).click();

    // Berlin holds no fiscal-year fact: back there, nothing is seeded as always on and nothing is replaced.
    await dialog.getByRole('radio', { name: /Berlin office/ }).check();
    await expect(alwaysOn).not.toBeChecked();
    await expect(change).toHaveCount(0);
    await expect(reach).toContainText(/Reaches \d+ people in 1 organisation\./);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('bob, Berlin administrator', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('meeting-length: 25 minutes does not absorb about 30 minutes, and each wording counts its own people', async ({ page }) => {
    await page.goto('/admin/review/meeting-length?tenant=berlin');
    await expect(wording(page, 'Prefers meetings of 25 minutes.')).toContainText('4 people');
    await expect(wording(page, 'Prefers meetings of 25 minutes.')).not.toContainText('about 30 minutes');
    await expect(wording(page, 'Prefers short meetings, about 30 minutes.')).toContainText('1 person');
  });

  test('publishing shows its reach, removes the assistant’s copies without a password, and the fact is not overridden by its sources', async ({
    page,
  }) => {
    await page.goto(`/admin/review?q=${PUBLISHING_KEY}`);
    await group(page, PUBLISHING_KEY)
      .getByRole('button', { name: `Publish ${PUBLISHING_KEY}…` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Publish “${PUBLISHING_KEY}”` });
    await expect(dialog.getByLabel('The fact, as people will read it')).toHaveValue(PUBLISHING_TEXT);
    await expect(dialog.getByRole('checkbox', { name: /Remove the assistant’s own copies/ })).toBeChecked();
    const reach = dialog.getByRole('region', { name: 'Who it reaches' });
    await expect(reach).toContainText(/Reaches \d+ people in 1 organisation\./);
    const alwaysOn = dialog.getByRole('checkbox', { name: /^Always on: the assistant brings/ });
    await alwaysOn.check();
    await expect(reach.getByRole('status').filter({ hasText: /^Always on: / })).toBeVisible();
    await expectNoBlockingAxeViolations(page);
    await alwaysOn.uncheck();

    await dialog.getByRole('button', { name: 'Review and publish…' }).click();
    await expect(dialog).toContainText(/It reaches \d+ people in 1 organisation\./);
    await expect(dialog).toContainText('The assistant’s own copies are removed from 2 people');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Published “${PUBLISHING_KEY}”: ${PUBLISHING_TEXT}`)).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);

    await page.goto('/admin/facts');
    const factRow = page.locator(`tr[data-fact-key="${PUBLISHING_KEY}"]`);
    await expect(factRow).toContainText(PUBLISHING_TEXT);
    await expect(factRow.getByRole('button', { name: `People who override ${PUBLISHING_KEY}: 0` })).toBeVisible();
  });

  test('a key one person holds is left out of the queue by default, and publishing it needs an explicit yes', async ({ page }) => {
    await page.goto('/admin/review');
    const shared = page.getByLabel('Shared by at least');
    await expect(shared).toHaveValue('2');
    await expect(group(page, 'meeting-length')).toBeVisible();
    await expect(group(page, 'on-call')).toHaveCount(0);
    await shared.selectOption('1');
    await expect(page).toHaveURL(/[?&]min=1/);
    await group(page, 'on-call').getByRole('button', { name: 'Publish on-call…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish “on-call”' });
    await expect(dialog).toContainText('Only Olga Ostrowski holds this key, so it may be personal to them.');
    await dialog.getByRole('button', { name: 'Review and publish…' }).click();
    const yes = dialog.getByRole('checkbox', { name: /Yes, publish what the assistant concluded about Olga Ostrowski alone/ });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(yes).toBeFocused();
    await expect(yes).toHaveAccessibleDescription(/Tick this box to publish it/);
    await expect(dialog).toBeVisible();
    await yes.check();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Published “on-call”: Is on call on Mondays.')).toBeVisible();
  });
});
