// Publishing the assistant's conclusions end to end (docs/features.md "Publishing the assistant's
// conclusions"): bob finds report-format in the review queue, publishes it edited for Berlin and
// retires the assistant's copies behind it; alice then sees it as her organisation's value; bob
// finds it on the Facts page, reads the pin forecast and makes it always on. It uses report-format,
// not meeting-length, because the review queue's journeys expect meeting-length unpublished with
// all of its people; the review queue's report-format checks hold after this one.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { memoryRow } from './support/memory-rows';
import { credentialsOf, storageStatePath } from './personas';
import { signIn } from './support/sign-in';
import { hydrateOnNavigation } from './support/hydration';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

const PUBLISHED = 'Reports are sent as a one-page PDF.';

/**
 * A fresh sign-in, so publishing does not ask for the password again (docs/operations.md
 * "Sessions").
 */
const signInAsBob = (page: Page) => signIn(page, credentialsOf('bob'));

test.describe('publishing a conclusion', () => {
  test('bob publishes report-format for Berlin, edited, retiring the assistant’s copies; alice sees it', async ({ page, browser }) => {
    await signInAsBob(page);
    await page.goto('/admin/review');
    const group = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Publish report-format…' }) });
    await expect(group).toContainText('Wants reports as a one-page PDF.');
    await group.getByRole('button', { name: 'Publish report-format…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish “report-format”' });
    const fact = dialog.getByLabel('The fact, as people will read it');
    await expect(fact).toHaveValue('Wants reports as a one-page PDF.');
    await expect(fact).toBeFocused();

    // The browser runs the server's own check first.
    await fact.fill('x'.repeat(241));
    await dialog.getByRole('button', { name: 'Review and publish…' }).click();
    await expect(fact).toHaveAccessibleDescription(/text must be at most 240 characters \(got 241\)/);
    await expect(fact).toBeFocused();

    await fact.fill(PUBLISHED);
    await expect(dialog.getByRole('radio', { name: /Berlin office/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /Every person in every organisation/ })).toHaveCount(0);
    const sources = dialog.getByRole('group', { name: 'Based on what the assistant concluded about' });
    await expect(sources.getByRole('checkbox', { name: /Bob Brandt: Wants reports as a one-page PDF\./ })).toBeChecked();
    await expect(sources.getByRole('checkbox', { name: /Frida Fuchs: Wants reports as a slide deck\./ })).not.toBeChecked();
    await dialog.getByRole('checkbox', { name: /Remove the assistant’s own copies/ }).check();
    await dialog.getByRole('button', { name: 'Review and publish…' }).click();

    await expect(dialog).toContainText('For Berlin office, the assistant will treat this as a stated fact');
    await expect(dialog).toContainText('The assistant’s own copies are removed from 3 people');
    await expect(dialog.getByRole('button', { name: 'Back to editing' })).toBeFocused();
    await expectNoBlockingAxeViolations(page);
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Published “report-format”: ${PUBLISHED}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: /shown/ })).toBeFocused();

    const alice = await browser.newContext({ storageState: storageStatePath('alice') });
    const alicePage = await alice.newPage();
    await alicePage.goto('/memories');
    const row = memoryRow(alicePage, 'report-format');
    await expect(row).toContainText(PUBLISHED);
    await expect(row).toContainText('Applies to: Your organisation');
    await expect(row).toContainText('Set by an administrator');
    await alice.close();

    // Publishing again must name the version it replaces: the dialog shows what changes. Only Frida's
    // slide deck is left, so the key is one person's now, shown with "Any number of people", under Published.
    await page.goto('/admin/review?min=1&published=yes');
    await page.getByRole('button', { name: 'Publish report-format…' }).click();
    const change = dialog.getByRole('region', { name: 'What changes' });
    await expect(change).toContainText('This replaces what Berlin office says now:');
    await expect(change).toContainText(PUBLISHED);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The published fact is on the Facts page; pinning it first shows what it costs the budget.
    await page.goto('/admin/facts');
    const factRow = page.locator('tr[data-fact-key="report-format"]');
    await expect(factRow).toContainText(PUBLISHED);
    await factRow.getByRole('button', { name: 'Pin report-format' }).click();
    const pin = page.getByRole('dialog', { name: 'Make “report-format” always on?' });
    await expect(pin.getByText(/With this pin: every always-on fact still fits for all \d+ people/)).toBeVisible();
    await pin.getByRole('button', { name: 'Make always on' }).click();
    await expect(page.getByText('“report-format” is always on now.')).toBeFocused();
    await expect(factRow).toContainText('Always on');
  });

  test('the publish dialog has no serious or critical axe violations in light and dark mode, nor horizontal scroll at 390 px', async ({
    browser,
  }) => {
    const bob = await browser.newContext({ storageState: storageStatePath('bob'), viewport: { width: 390, height: 844 } });
    const page = hydrateOnNavigation(await bob.newPage());
    await page.goto('/admin/review/publish?key=timezone');
    await page.getByRole('button', { name: 'Publish timezone…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish “timezone”' });
    await expect(dialog.getByLabel('The fact, as people will read it')).toHaveValue('Works on Berlin time.');
    await inLightAndDark(page, async () => {
      await expectNoBlockingAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await bob.close();
  });

  test('alice cannot open publishing', async ({ browser }) => {
    const alice = await browser.newContext({ storageState: storageStatePath('alice') });
    const page = await alice.newPage();
    await page.goto('/admin/review/publish?key=report-format');
    await expect(page.getByText('You do not have access to Review')).toBeVisible();
    await alice.close();
  });
});
