// People (docs/concepts.md "People and access"): Bob invites a new person, who opens the one-time
// link in a fresh browser, sets a password, signs in and sees My memories; Bob disables them and
// their open session ends. Only people this spec creates are changed, never the demo accounts.
import { expect, test } from './support/test';
import { PERSONAS, credentialsOf, storageStatePath } from './personas';
import { expectAccessibleLayout, expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';
import { freshSignIn, signIn } from './support/sign-in';
import { freshPage, invitePerson, setPasswordAndSignIn } from './support/admin-steps';

test('bob invites someone, they set a password and sign in; bob disables them and their session ends', async ({ browser }) => {
  const stamp = Date.now();
  const email = `e2e-people-${stamp}@example.com`;
  const name = `Nora Neu ${stamp}`;
  const password = 'nora-password-1';

  // A fresh sign-in: inviting and disabling need one from the last ten minutes (docs/operations.md
  // "Sessions").
  const { page: bob } = await freshSignIn(browser, credentialsOf('bob'));
  await bob.getByRole('link', { name: 'People' }).click();
  await expect(bob.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expect(bob.getByRole('link', { name: PERSONAS.alice.name })).toBeVisible();
  await expectNoBlockingAxeViolations(bob);

  const link = await invitePerson(bob, { email, name });
  expect(link).toMatch(/\/welcome\/[A-Za-z0-9_-]{43}$/);
  await expectNoBlockingAxeViolations(bob);
  await bob.getByRole('button', { name: 'Done' }).click();
  await expect(bob.getByLabel('One-time link')).toHaveCount(0);
  await expect(bob.getByRole('button', { name: 'Invite someone' })).toBeFocused();
  await expect(bob.getByRole('listitem').filter({ hasText: email })).toContainText('Invited');

  // The newcomer, in a browser of their own.
  const nora = await freshPage(browser);
  await nora.goto(link);
  await expect(nora.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await expect(nora.getByLabel('New password')).toBeFocused();
  await nora.setViewportSize({ width: 390, height: 844 });
  // No header here to follow the system's theme: dark takes a reload (the link stays unused).
  await inLightAndDark(nora, () => expectAccessibleLayout(nora), { reload: true });
  await setPasswordAndSignIn(nora, { email, password });
  await expect(nora.getByTestId('signed-in-person')).toContainText(name);

  // The link works once: a second visit says so plainly.
  const again = await freshPage(browser);
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await again.context().close();

  // Bob finds them and disables them.
  await bob.getByLabel('Search').fill(email);
  await bob.getByRole('link', { name }).click();
  await expect(bob.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(bob.getByRole('link', { name: 'Roles and groups' })).toHaveAttribute('href', /\/admin\/people\/usr_[0-9A-Z]+\/access$/);
  await bob.getByRole('button', { name: `Disable ${name}` }).click();
  const dialog = bob.getByRole('dialog', { name: `Disable ${name}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(bob.getByText(`${name} is disabled and signed out everywhere.`)).toBeFocused();
  await expect(bob.getByRole('button', { name: `Enable ${name}` })).toBeVisible();

  // Their open session ends on the next request.
  await nora.reload();
  await expect(nora).toHaveURL(/\/signin/);
  await nora.getByLabel('Email').fill(email);
  await nora.getByLabel('Password').fill(password);
  await nora.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(nora.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();

  // Enabled again, they may sign in anew. Enabling asks for the password after ten minutes, as
  // disabling does: Bob's sign-in is fresh, so the first answer is the server's exact refusal of
  // an older one, and the retry with the password goes to the server.
  let enables = 0;
  await bob.route('**/api/trpc/people.enable**', (route) => {
    enables += 1;
    if (enables > 1) return route.continue();
    const message = 'Confirm your password to continue: you signed in more than ten minutes ago.';
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            message,
            code: -32003,
            data: {
              code: 'FORBIDDEN',
              httpStatus: 403,
              path: 'people.enable',
              zodError: null,
              domain: { code: 'FORBIDDEN', reason: 'REAUTH_REQUIRED' },
            },
          },
        },
      ]),
    });
  });
  await bob.getByRole('button', { name: `Enable ${name}` }).click();
  const prompt = bob.getByRole('dialog', { name: 'Confirm your password' });
  await expect(prompt.getByLabel('Password')).toBeFocused();
  await expectNoBlockingAxeViolations(bob);
  await prompt.getByLabel('Password').fill(credentialsOf('bob').password);
  await prompt.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(bob.getByText(`${name} can sign in again.`)).toBeFocused();
  expect(enables).toBe(2);
  await signIn(nora, { email, password });

  await nora.context().close();
  await bob.context().close();
});

test.describe('accessibility', () => {
  test.use({ storageState: storageStatePath('bob'), viewport: { width: 390, height: 844 } });

  test('the people pages have no serious or critical axe violations at 390 px in light and dark mode', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const accessible = () => expectAccessibleLayout(page);
    await page.goto('/admin/people');
    await expect(page.getByRole('link', { name: PERSONAS.alice.name })).toBeVisible();
    await inLightAndDark(page, accessible);
    await page.getByRole('link', { name: PERSONAS.alice.name }).click();
    await expect(page.getByRole('heading', { name: PERSONAS.alice.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(PERSONAS.alice.name);
    await inLightAndDark(page, accessible);
    await page.getByRole('button', { name: `Disable ${PERSONAS.alice.name}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await inLightAndDark(page, accessible);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Changes to your access' })).toBeVisible();
    await inLightAndDark(page, accessible);
    await page.goto('/welcome/not-a-real-link');
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    // Outside the console's header: dark takes a reload.
    await inLightAndDark(page, accessible, { reload: true });
    expect(pageErrors).toEqual([]);
  });
});
