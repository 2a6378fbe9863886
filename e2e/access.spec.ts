// Roles, custom scopes and memberships (docs/concepts.md "Roles, custom scopes and memberships"),
// as Bob (Berlin administrator): he creates a scope, publishes a fact for it, puts an e2e-only
// person in it (the fact reaches their My memories), gives them a role and takes it away, then
// takes them out of the scope again (the fact is gone for them). The demo people are unchanged.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_PASSWORD, storageStatePath } from './personas';
import { expectAccessibleLayout, expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';
import { ACCESS_ACCOUNT } from './test-accounts';
import { createScope, publishFact } from './support/admin-steps';
import { freshSignIn } from './support/sign-in';

const SCOPE = { name: `e2e-access-${Date.now().toString(36)}`, label: 'E2E access depot' };
const TOKEN = `depot:${SCOPE.name}`;
const FACT = { key: `e2e-access-opening-${Date.now().toString(36)}`, text: 'The access depot opens at seven.' };

/**
 * Sensitive changes ask for the password when the sign-in is older than ten minutes
 * (docs/operations.md "Sessions").
 */
async function confirmPasswordIfAsked(page: Page, done: RegExp) {
  const prompt = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(prompt.or(page.getByText(done))).toBeVisible();
  if (await prompt.isVisible()) {
    await prompt.getByLabel('Password').fill(DEMO_PASSWORD);
    await prompt.getByRole('button', { name: 'Confirm and continue' }).click();
  }
  await expect(page.getByText(done)).toBeFocused();
}

test.describe('as bob', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('bob puts a person in a new scope, gives and takes a role, and takes them out again', async ({ page, browser }) => {
    await page.goto('/admin/scopes');
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'New group' });
    await form.getByLabel('Kind').selectOption('depot');
    await form.getByLabel('Short name').fill('has space');
    await form.getByLabel('Label').fill(SCOPE.label);
    await form.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'letters, digits' })).toBeFocused();
    expect(await createScope(page, SCOPE)).toBe(TOKEN);

    // A fact for the new scope.
    await publishFact(page, { scope: TOKEN, ...FACT });

    // Ada in the scope: the fact reaches her.
    await page.goto('/admin/scopes');
    const card = page.getByTestId('scope-card').filter({ hasText: TOKEN });
    await card.getByLabel(`Add a person to ${SCOPE.label}`).selectOption({ label: `${ACCESS_ACCOUNT.name} (${ACCESS_ACCOUNT.email})` });
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`${ACCESS_ACCOUNT.name} is now in ${SCOPE.label} and sees its facts.`)).toBeFocused();

    const { context: ada, page: adaPage } = await freshSignIn(browser, ACCESS_ACCOUNT);
    await expect(adaPage.getByRole('list', { name: 'Memories', exact: true }).getByText(FACT.text)).toBeVisible();

    // Her roles and groups: a role given and taken away.
    await card.getByRole('link', { name: ACCESS_ACCOUNT.name }).click();
    await expect(page.getByRole('heading', { name: `Roles and groups of ${ACCESS_ACCOUNT.name}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: `Back to ${ACCESS_ACCOUNT.name}` })).toBeVisible();
    await expect(page.getByText(`${ACCESS_ACCOUNT.name} has no roles`)).toBeVisible();
    await page.getByLabel('Where', { exact: true }).selectOption(TOKEN);
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Add role' }).click();
    await confirmPasswordIfAsked(page, new RegExp(`${ACCESS_ACCOUNT.name} is now administrator of ${SCOPE.label}`));
    await page.getByRole('button', { name: `Remove administrator of ${SCOPE.label}` }).click();
    const removeRole = page.getByRole('dialog', { name: `Remove administrator of ${SCOPE.label}?` });
    await expect(removeRole.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await removeRole.getByRole('button', { name: 'Remove role' }).click();
    await confirmPasswordIfAsked(page, new RegExp(`${ACCESS_ACCOUNT.name} is no longer administrator of ${SCOPE.label}`));
    await expect(page.getByText(`${ACCESS_ACCOUNT.name} has no roles`)).toBeVisible();

    // Out of the scope again: the fact is gone for her on her next page.
    await page.getByRole('button', { name: `Take ${ACCESS_ACCOUNT.name} out of ${SCOPE.label}` }).click();
    const leave = page.getByRole('dialog', { name: `Take ${ACCESS_ACCOUNT.name} out of ${SCOPE.label}?` });
    await leave.getByRole('button', { name: 'Take out' }).click();
    await expect(page.getByText(`${ACCESS_ACCOUNT.name} is no longer in ${SCOPE.label}.`)).toBeFocused();
    await adaPage.reload();
    await expect(adaPage.getByRole('heading', { name: 'My memories', level: 1 })).toBeVisible();
    await expect(adaPage.getByText(FACT.text)).toHaveCount(0);
    await ada.close();
  });
});

test.describe('at 390 px', () => {
  test.use({ storageState: storageStatePath('gina'), viewport: { width: 390, height: 844 } });

  test(`/admin/scopes and a person's roles and groups are accessible in light and dark mode`, async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/admin/scopes?tenant=hamburg');
    const card = page.getByTestId('scope-card').filter({ hasText: 'depot:hh' });
    await expect(card.getByText('Hamburg depot')).toBeVisible();
    await inLightAndDark(page, () => expectAccessibleLayout(page));
    await card.getByRole('button', { name: 'Delete Hamburg depot' }).click();
    const refusal = page.getByRole('dialog', { name: 'Hamburg depot cannot be deleted yet' });
    await expect(refusal).toContainText('It still holds');
    await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));
    await refusal.getByRole('button', { name: 'Close' }).click();
    await card.getByRole('link', { name: 'Hana Hoffmann' }).click();
    await expect(page.getByRole('heading', { name: 'Roles and groups of Hana Hoffmann', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Groups of Hamburg warehouse' })).toContainText('Member');
    await inLightAndDark(page, () => expectAccessibleLayout(page));
    expect(pageErrors).toEqual([]);
  });
});
