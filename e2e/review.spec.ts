// The review queue end to end (docs/features.md "Review queue"): bob reviews Berlin's conclusions;
// alice has no access. The dismiss journey puts back what it dismissed, so other specs see the demo
// data.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './personas';
import { expectAccessibleLayout } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

function group(page: Page, key: string) {
  return page.getByRole('listitem', { name: key, exact: true });
}

test.describe('bob, the review queue', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('shows meeting-length shared by several people, with its wordings and counts', async ({ page }) => {
    await page.goto('/admin/review');
    await expect(page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible();
    const meeting = group(page, 'meeting-length');
    await expect(meeting).toContainText('5 people');
    await expect(meeting).toContainText('Prefers meetings of 25 minutes.');
    await expect(meeting).toContainText('Prefers short meetings, about 30 minutes.');
    await expect(meeting).toContainText('Not published');
    // fiscal-year has a published fact, so it is decided: under Published, never To review (the
    // default tab), whatever the number of people who hold it.
    await expect(group(page, 'fiscal-year')).toHaveCount(0);
    await page.goto('/admin/review?min=1');
    await expect(group(page, 'fiscal-year')).toHaveCount(0);
    await page.goto('/admin/review?min=1&published=yes');
    await expect(group(page, 'fiscal-year')).toContainText('Differs from the published fact');
    await expect(group(page, 'shift')).toHaveCount(0); // Hamburg's
  });

  test('searches and filters, with the choices in the URL', async ({ page }) => {
    // Any number of people: hotel is one person's conclusion, and no journey publishes it (one that
    // is published leaves To review for the Published tab).
    await page.goto('/admin/review?min=1');
    await page.getByRole('searchbox', { name: 'Search keys and wordings' }).fill('main station');
    await expect(page).toHaveURL(/[?&]q=main\+station/);
    await expect(group(page, 'hotel')).toBeVisible();
    await expect(group(page, 'meeting-length')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search keys and wordings' }).fill('');
    await expect(group(page, 'meeting-length')).toBeVisible();
    await page.getByLabel('Shared by at least').selectOption('5');
    await expect(page).toHaveURL(/[?&]min=5/);
    await expect(group(page, 'hotel')).toHaveCount(0);
    await expect(group(page, 'meeting-length')).toBeVisible();
    await page.goto('/admin/review?q=nothing-like-this');
    await expect(page.getByText('Nothing to review matches these filters')).toBeVisible();
  });

  test('opens the detail of a key: who, which wording, from which conversation', async ({ page }) => {
    await page.goto('/admin/review');
    await group(page, 'meeting-length').getByRole('link', { name: 'Details of meeting-length' }).click();
    await expect(page.getByRole('heading', { name: 'meeting-length', level: 1 })).toBeVisible();
    const alice = page.getByRole('listitem').filter({ hasText: 'Alice Adler' });
    await expect(alice).toContainText('Prefers meetings of 25 minutes.');
    await expect(alice).toContainText('From the conversation “Q3 revenue report”');
    await page.goto('/admin/review/hotel?tenant=berlin');
    await expect(page.getByText('From a conversation that is no longer available')).toBeVisible();
  });

  test('going back from a detail keeps the list’s filters', async ({ page }) => {
    await page.goto('/admin/review?min=3&sort=newest');
    await group(page, 'meeting-length').getByRole('link', { name: 'Details of meeting-length' }).click();
    await expect(page).toHaveURL(/\/admin\/review\/meeting-length\?.*tenant=berlin/);
    await page.getByRole('link', { name: '← Back to the review queue' }).click();
    await expect(page).toHaveURL(/\/admin\/review\?min=3&sort=newest$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
  });

  test('marks a key as not worth publishing after confirming, and puts it back', async ({ page }) => {
    await page.goto('/admin/review');
    await group(page, 'timezone').getByRole('button', { name: 'Mark timezone as not worth publishing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark “timezone” as not worth publishing?' });
    await dialog.getByRole('button', { name: 'Not worth publishing' }).click();
    await expect(page.getByText('“timezone” is marked as not worth publishing')).toBeVisible();
    await expect(group(page, 'timezone')).toHaveCount(0);
    const tabs = page.getByRole('navigation', { name: 'Review states' });
    await tabs.getByRole('link', { name: /^Dismissed/ }).click();
    await expect(page).toHaveURL(/[?&]dismissed=1/);
    await expect(tabs.getByRole('link', { name: /^Dismissed/ })).toHaveAttribute('aria-current', 'page');
    await group(page, 'timezone').getByRole('button', { name: 'Put timezone back in the queue' }).click();
    await expect(page.getByText('“timezone” is back in the review queue.')).toBeVisible();
    await tabs.getByRole('link', { name: /^To review/ }).click();
    await expect(page).not.toHaveURL(/dismissed=1/);
    await expect(group(page, 'timezone')).toBeVisible();
  });

  test('/admin/review and a detail have no serious or critical axe violations in light and dark mode, nor horizontal scroll at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/review');
    await expect(group(page, 'meeting-length')).toBeVisible();
    await inLightAndDark(page, () => expectAccessibleLayout(page));
    await page.goto('/admin/review/meeting-length?tenant=berlin');
    await expect(page.getByText('Alice Adler')).toBeVisible();
    await inLightAndDark(page, () => expectAccessibleLayout(page));
  });
});

test.describe('alice, no grant', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('gets a clear "no access" message instead of the queue', async ({ page }) => {
    await page.goto('/admin/review');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to Review' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Keys to review' })).toHaveCount(0);
  });
});
