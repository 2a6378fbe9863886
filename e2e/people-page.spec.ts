// The People page and a person's page (docs/features.md "People"): Gina, who administers every
// organisation, sees each person's roles, groups, status and last activity with the total, filters
// by organisation, and opens Hana's page: titled by her name, with her sessions and the memories
// the assistant holds for her. Bob, who administers one organisation, gets no filter. Nothing is
// changed; the phone size and both themes are checked on the states a plain page load shows too
// (e2e/every-page.spec.ts covers those pages on their own).
import { expect, test } from './support/test';
import { PERSONAS, storageStatePath } from './personas';
import { expectAccessibleLayout } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

const COUNT = /^\d+ people$/;

test.describe('as an administrator of every organisation', () => {
  test.use({ storageState: storageStatePath('gina') });

  test('rows show roles, groups, status and last activity; the organisation filter narrows the list and the count', async ({ page }) => {
    await page.goto('/admin/people');
    const count = page.getByTestId('people-count');
    await expect(count).toHaveText(COUNT);
    const list = page.getByRole('list', { name: 'People' });
    const row = (name: string) => list.getByTestId('person-row').filter({ has: page.getByRole('link', { name, exact: true }) });

    await expect(row(PERSONAS.bob.name)).toContainText('Administrator of Berlin office');
    await expect(row(PERSONAS.olga.name)).toContainText('Operator of every organisation');
    await expect(row(PERSONAS.gina.name)).toContainText('Administrator of every organisation');
    const hana = row(PERSONAS.hana.name);
    await expect(hana).toContainText('Member');
    await expect(hana).toContainText('Group: Hamburg depot');
    await expect(hana).toContainText('Hamburg warehouse');
    // Signed in by the setup: active, with the exact time on hover.
    await expect(hana).toContainText('Active');
    await expect(hana.getByText(/^Last active/)).toBeVisible();
    await expect(hana.locator('time')).toHaveAttribute('title', /\d{4}/);
    // Carla has no password and never signed in.
    await expect(row('Carla Conrad')).toContainText('Invited');
    await expect(row('Carla Conrad')).toContainText('Never signed in');

    const everyone = Number((await count.textContent())!.split(' ')[0]);
    await page.getByRole('combobox', { name: 'Organisation' }).selectOption({ label: 'Hamburg warehouse' });
    await expect(row(PERSONAS.alice.name)).toHaveCount(0);
    await expect(hana).toBeVisible();
    await expect(count).toHaveText(COUNT);
    const hamburg = Number((await count.textContent())!.split(' ')[0]);
    expect(hamburg).toBeGreaterThanOrEqual(2);
    expect(hamburg).toBeLessThan(everyone);
    for (const each of await list.getByTestId('person-row').all()) await expect(each).toContainText('Hamburg warehouse');

    await page.setViewportSize({ width: 390, height: 844 });
    await inLightAndDark(page, () => expectAccessibleLayout(page));
  });

  test('Hana’s page is titled by her name and shows her roles, groups, sessions and memory count', async ({ page }) => {
    await page.goto('/admin/people');
    await page.getByLabel('Search').fill(PERSONAS.hana.email);
    await page.getByRole('link', { name: PERSONAS.hana.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: PERSONAS.hana.name })).toBeVisible();
    await expect(page).toHaveTitle(/^Hana Hoffmann · /);
    await expect(page.getByRole('region', { name: 'Roles' })).toContainText('Member');
    await expect(page.getByRole('region', { name: 'Groups' })).toContainText('Hamburg depot');
    const sessions = page.getByRole('list', { name: `Open sessions of ${PERSONAS.hana.name}` });
    await expect(sessions.getByTestId('person-session').first()).toContainText('last seen');
    await expect(page.getByTestId('person-memory-count')).toHaveText(/^\d+ memor(y|ies)$/);

    // Opened directly, the title is hers from the first byte.
    await page.reload();
    await expect(page).toHaveTitle(/^Hana Hoffmann · /);
    await page.setViewportSize({ width: 390, height: 844 });
    await inLightAndDark(page, () => expectAccessibleLayout(page));
  });
});

test.describe('as an administrator of one organisation', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('gets the count and no organisation filter', async ({ page }) => {
    await page.goto('/admin/people');
    await expect(page.getByTestId('people-count')).toHaveText(COUNT);
    await expect(page.getByRole('link', { name: PERSONAS.alice.name, exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveCount(0);
  });
});
