// The review queue as a triage inbox, driven by the keyboard (docs/features.md "Review queue"):
// j/k move through the rows, Enter opens, p publishes, d dismisses, s snoozes, x selects, ? lists
// the shortcuts; none of them fires while typing in a field. The tabs count what each holds.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './personas';
import { expectAccessibleLayout } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';
import { typeThenClearAsTheAddressChanges } from './support/typing-race';

const rows = (page: Page) => page.getByRole('list', { name: 'Keys to review' }).locator(':scope > li');
const focusedRow = (page: Page) => page.locator('li[data-review-row]:focus');
const keyOf = async (page: Page) => (await focusedRow(page).getByRole('heading', { level: 3 }).textContent())!.trim();

test.describe('bob triages the review queue by keyboard', () => {
  test.use({ storageState: storageStatePath('bob'), viewport: { width: 1440, height: 900 } });

  test('moves with j/k, previews, selects with x, opens dialogs with p, d and ?, and Enter opens the key', async ({ page }) => {
    // Keys of any number of people: other specs publish and dismiss some of the demo keys.
    await page.goto('/admin/review?min=1');
    const tabs = page.getByRole('navigation', { name: 'Review states' });
    await expect(tabs.getByRole('link', { name: /^To review \d+$/ })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: /^Dismissed 0$/ })).toBeVisible();
    await expect(rows(page).nth(2)).toBeVisible();

    // Only one row is in the tab order (roving focus).
    await expect(page.locator('li[data-review-row][tabindex="0"]')).toHaveCount(1);

    await page.keyboard.press('j');
    await expect(rows(page).nth(0)).toBeFocused();
    const first = await keyOf(page);
    await page.keyboard.press('j');
    await expect(rows(page).nth(1)).toBeFocused();
    await expect(rows(page).nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(rows(page).nth(1)).toHaveAttribute('tabindex', '0');
    await expect(rows(page).nth(0)).toHaveAttribute('tabindex', '-1');
    const second = await keyOf(page);
    await expect(page.getByRole('complementary', { name: `Preview of ${second}` })).toBeVisible();
    await page.keyboard.press('k');
    await expect(rows(page).nth(0)).toBeFocused();
    await expect(page.getByRole('complementary', { name: `Preview of ${first}` })).toBeVisible();

    // Typing in the search box never triggers a shortcut.
    const search = page.getByRole('searchbox', { name: 'Search keys and wordings' });
    await search.focus();
    await page.keyboard.type('jkxpd');
    await expect(search).toHaveValue('jkxpd');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Typed again and emptied just as the new words reach the address: the box stays empty, and so
    // does the address.
    await typeThenClearAsTheAddressChanges(page, 'Search keys and wordings', 'jkx');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(search).toHaveValue('');
    // The address changes before the list has rendered it: wait for the whole queue to be back and
    // its fetch to settle, so that no late render lands between the next key and its focus.
    await expect(rows(page).nth(2)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await search.blur();

    // ? lists the shortcuts.
    await page.keyboard.press('j');
    await expect(rows(page).nth(0)).toBeFocused();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toContainText('Publish…');
    await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectAccessibleLayout(page);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // x selects the row the keyboard is on.
    await rows(page).nth(0).focus();
    await page.keyboard.press('x');
    await expect(
      rows(page)
        .nth(0)
        .getByRole('checkbox', { name: `Select ${first}` }),
    ).toBeChecked();
    await expect(page.getByRole('button', { name: 'Publish selected… (1)' })).toBeEnabled();
    await page.keyboard.press('x');
    await expect(page.getByRole('button', { name: 'Publish selected… (0)' })).toBeDisabled();

    // p opens the publish dialog for it; Escape leaves it unpublished.
    await page.keyboard.press('p');
    const publish = page.getByRole('dialog', { name: `Publish “${first}”` });
    await expect(publish).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(publish).toBeHidden();

    // Enter on the row opens its details.
    await rows(page).nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
  });

  test('d dismisses after confirming, the next row takes focus, and the Dismissed tab counts it', async ({ page }) => {
    await page.goto('/admin/review');
    await expect(rows(page).nth(1)).toBeVisible();
    await page.keyboard.press('j');
    await expect(rows(page).nth(0)).toBeFocused();
    const first = await keyOf(page);
    const nextKey = (await rows(page).nth(1).getByRole('heading', { level: 3 }).textContent())!.trim();
    await page.keyboard.press('d');
    const dialog = page.getByRole('dialog', { name: `Mark “${first}” as not worth publishing?` });
    await dialog.getByRole('button', { name: 'Not worth publishing' }).click();
    await expect(page.getByText(`“${first}” is marked as not worth publishing`)).toBeVisible();
    await expect(page.getByRole('listitem', { name: first, exact: true })).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: nextKey, exact: true })).toBeFocused();
    const tabs = page.getByRole('navigation', { name: 'Review states' });
    await expect(tabs.getByRole('link', { name: /^Dismissed 1$/ })).toBeVisible();

    // Under Dismissed, d puts it back.
    await tabs.getByRole('link', { name: /^Dismissed/ }).click();
    await expect(page.getByRole('listitem', { name: first, exact: true })).toBeVisible();
    await page.keyboard.press('j');
    await page.keyboard.press('d');
    await expect(page.getByText(`“${first}” is back in the review queue.`)).toBeVisible();
    await expect(tabs.getByRole('link', { name: /^Dismissed 0$/ })).toBeVisible();
  });

  test('s snoozes the key under Snoozed, and unsnoozing brings it back to To review', async ({ page }) => {
    await page.goto('/admin/review');
    const tabs = page.getByRole('navigation', { name: 'Review states' });
    await expect(tabs.getByRole('link', { name: /^Snoozed 0$/ })).toBeVisible();
    await expect(rows(page).nth(1)).toBeVisible();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Snooze… until later');
    await page.keyboard.press('Escape');

    await page.keyboard.press('j');
    await expect(rows(page).nth(0)).toBeFocused();
    const first = await keyOf(page);
    const nextKey = (await rows(page).nth(1).getByRole('heading', { level: 3 }).textContent())!.trim();
    await page.keyboard.press('s');
    const dialog = page.getByRole('dialog', { name: `Snooze “${first}”` });
    await expect(dialog.getByRole('radio', { name: 'Until tomorrow' })).toBeFocused();
    // Typing in the dialog never triggers a shortcut; s again does nothing here.
    await page.keyboard.press('s');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await dialog.getByRole('radio', { name: 'For a week' }).check();
    await expectAccessibleLayout(page);
    await dialog.getByRole('button', { name: 'Snooze', exact: true }).click();
    await expect(page.getByText(`“${first}” is snoozed until`)).toBeVisible();
    await expect(page.getByRole('listitem', { name: first, exact: true })).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: nextKey, exact: true })).toBeFocused();
    await expect(tabs.getByRole('link', { name: /^Snoozed 1$/ })).toBeVisible();

    await tabs.getByRole('link', { name: /^Snoozed/ }).click();
    await expect(page).toHaveURL(/[?&]snoozed=1/);
    const snoozed = page.getByRole('listitem', { name: first, exact: true });
    await expect(snoozed).toContainText('Snoozed until');
    await inLightAndDark(page, () => expectAccessibleLayout(page));
    await page.keyboard.press('j');
    await expect(snoozed).toBeFocused();
    await page.keyboard.press('s');
    await expect(page.getByText(`“${first}” is back in To review.`)).toBeVisible();
    await expect(tabs.getByRole('link', { name: /^Snoozed 0$/ })).toBeVisible();
    await expect(page.getByText('Nothing snoozed')).toBeVisible();

    await tabs.getByRole('link', { name: /^To review/ }).click();
    const back = page.getByRole('listitem', { name: first, exact: true });
    await expect(back).toBeVisible();

    // The key's own page snoozes and unsnoozes it too, answering beside its actions.
    await back.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Snooze…' }).click();
    const onPage = page.getByRole('dialog', { name: `Snooze “${first}”` });
    await onPage.getByRole('button', { name: 'Snooze', exact: true }).click();
    await expect(page.getByText(`“${first}” is snoozed until`)).toBeFocused();
    await expect(page.getByText(/· snoozed until/)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await inLightAndDark(page, () => expectAccessibleLayout(page));
    await page.getByRole('button', { name: 'Unsnooze' }).click();
    await expect(page.getByText(`“${first}” is back in To review.`)).toBeFocused();
    await expect(page.getByRole('button', { name: 'Snooze…' })).toBeVisible();
  });

  test('the queue with its preview and the shortcuts have no serious or critical axe violations in light and dark mode', async ({
    page,
  }) => {
    await page.goto('/admin/review');
    await page.keyboard.press('j');
    await expect(page.getByRole('complementary', { name: /^Preview of / })).toBeVisible();
    await inLightAndDark(page, () => expectAccessibleLayout(page));
  });
});
