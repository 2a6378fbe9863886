// Settings for more than one organisation (docs/features.md "Tenant settings"): Gina, a global
// administrator, picks the organisation; the choice is in the URL. Bob, who administers one, gets no
// picker, and lowering Berlin's limit shows whose memories would no longer fit before anything is
// saved. Gina's change to Hamburg is put back at the end, so the demo data stays as it was.
import { expect, test } from './support/test';
import { storageStatePath } from './personas';
import { expectAccessibleLayout } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

test.describe('gina', () => {
  test.use({ storageState: storageStatePath('gina') });

  test('picks Hamburg on Settings, changes its fact length and puts it back', async ({ page }) => {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Berlin office' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Organisation' });
    await picker.selectOption({ label: 'Hamburg warehouse' });
    await expect(page).toHaveURL(/\/admin\/settings\?tenant=hamburg$/);
    await expect(page.getByRole('heading', { name: 'Hamburg warehouse' })).toBeVisible();
    await expect(page.getByLabel('Memories per turn')).toHaveValue('5');

    const chars = page.getByLabel('Characters per fact');
    const before = await chars.inputValue();
    const saved = page.getByText('Settings saved. They apply from the next turn.');
    await chars.fill(String(Number(before) + 1));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(saved).toBeFocused();
    // A second change straight after is saved too: the form holds the version its first save made,
    // so it is not refused as someone else's change.
    await chars.fill(String(Number(before) + 2));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(saved).toBeFocused();
    await expect(page.getByRole('form', { name: 'Hamburg warehouse' }).getByRole('alert')).toHaveCount(0);

    // A reload opens the same organisation, with the saved value.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hamburg warehouse' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('hamburg');
    await expect(chars).toHaveValue(String(Number(before) + 2));
    await chars.fill(before);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(saved).toBeFocused();

    // Going back returns to Berlin's settings.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Berlin office' })).toBeVisible();
  });

  test('the picker has no serious or critical axe violations at 390 px in light and dark mode', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/settings?tenant=hamburg');
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('hamburg');
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled();
    await inLightAndDark(page, () => expectAccessibleLayout(page));
  });
});

test.describe('bob', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('lowering the limit asks first, naming whose other memories would no longer fit; cancelling keeps the limit', async ({ page }) => {
    await page.goto('/admin/settings');
    const limit = page.getByLabel('Memories per turn');
    await expect(limit).toHaveValue('20');
    await limit.fill('2');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lower the limit to 2 memories per turn?' });
    await expect(dialog).toContainText(/\d+ (person|people) would lose \d+ (memory|memories) from each turn that are not always on/);
    await expect(dialog).toContainText(/Alice Adler: \d+ (memory|memories) would no longer fit in a turn/);
    await expect(dialog.getByRole('button', { name: 'Keep 20 memories per turn' })).toBeFocused();
    await inLightAndDark(page, () => expectAccessibleLayout(page));
    await dialog.getByRole('button', { name: 'Keep 20 memories per turn' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeFocused();
    await expect(page.getByText('Settings saved.')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Memories per turn')).toHaveValue('20');
  });

  test('administers one organisation: no picker, and another one is not found', async ({ page }) => {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Berlin office' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveCount(0);
    await page.goto('/admin/settings?tenant=hamburg');
    const refusal = page.getByRole('alert').filter({ hasText: 'The settings could not be loaded.' });
    await expect(refusal).toContainText('That organisation does not exist or is not visible to you.');
    await expect(page.getByText('Hamburg warehouse')).toHaveCount(0);
  });
});
