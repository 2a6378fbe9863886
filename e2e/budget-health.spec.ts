// Budget health where administrators act (docs/features.md "Published facts"): Hamburg's always-on
// facts do not all fit its limit of 5 memories per turn, so Facts and Settings say who loses which,
// and "Raise the limit to N" fixes it after showing the forecast for N. Gina puts the limit back.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_PASSWORD, storageStatePath } from './personas';
import { expectAccessibleLayout } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

const health = (page: Page) => page.getByRole('region', { name: 'Always-on facts and the limit' });

async function confirmPasswordIfAsked(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
  }
}

test.describe('gina, a global administrator', () => {
  test.use({ storageState: storageStatePath('gina') });

  test('sees Hamburg lose always-on facts on Facts and Settings, raises the limit inline, and puts it back', async ({ page }) => {
    test.slow(); // two pages, axe in both schemes, two saves
    await page.goto('/admin/facts');
    const onFacts = health(page).filter({ hasText: 'Hamburg warehouse' });
    await expect(onFacts).toContainText(/Hamburg warehouse: \d+ (person|people) of \d+ people lose always-on facts today/);
    await expect(onFacts).toContainText('Hana Hoffmann');

    await page.goto('/admin/settings?tenant=hamburg');
    const state = health(page);
    await expect(state).toContainText('lose always-on facts today');
    const raise = state.getByRole('button', { name: /^Raise the limit to \d+$/ });
    const target = Number((await raise.textContent())!.replace(/\D+/g, ''));
    expect(target).toBeGreaterThan(5);
    await expect(state.getByRole('status').first()).toContainText(`With ${target} memories per turn: every always-on fact still fits`);
    await inLightAndDark(page, () => expectAccessibleLayout(page));

    await raise.click();
    await confirmPasswordIfAsked(page);
    await expect(page.getByText(`The limit of Hamburg warehouse is ${target} memories per turn now, from the next turn.`)).toBeFocused();
    await expect(state).toContainText(`Hamburg warehouse: every always-on fact fits for all`);
    await expect(state.getByRole('button', { name: /^Raise the limit/ })).toHaveCount(0);

    // Raising shows its forecast too, and so does lowering back to 5, which Hana would feel.
    await page.reload();
    const limit = page.getByLabel('Memories per turn');
    await expect(limit).toHaveValue(String(target));
    await limit.fill('5');
    await expect(
      page.getByText(/With 5 memories per turn: \d+ (person|people) of \d+ people would have more always-on facts/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    // A lower limit is saved after its forecast, in a dialog.
    await page
      .getByRole('dialog', { name: 'Lower the limit to 5 memories per turn?' })
      .getByRole('button', { name: 'Lower the limit' })
      .click();
    await confirmPasswordIfAsked(page);
    await expect(page.getByText('Settings saved. They apply from the next turn.')).toBeFocused();
  });
});

test.describe('bob, who administers Berlin only', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('sees no budget state of Hamburg', async ({ page }) => {
    await page.goto('/admin/facts');
    await expect(page.getByRole('heading', { name: 'Facts', level: 1 })).toBeVisible();
    await expect(page.getByText('Hamburg warehouse: ')).toHaveCount(0);
  });
});
