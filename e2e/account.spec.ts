// The account page: sessions on two devices, ending one, a cookie that stops working after
// sign-out, and changing the password — with an account no other spec uses.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openAccountMenu } from './support/account-menu';
import { SESSIONS_ACCOUNT } from './test-accounts';
import { freshSignIn, signIn } from './support/sign-in';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const signInWith = (page: Page, password: string) => signIn(page, { email: SESSIONS_ACCOUNT.email, password });
const device = (browser: Browser, password: string, userAgent?: string) =>
  freshSignIn(browser, { email: SESSIONS_ACCOUNT.email, password }, { userAgent });

async function isSignedIn(page: Page): Promise<boolean> {
  return (await page.request.get('/api/trpc/viewer.me')).status() === 200;
}

test.describe.configure({ mode: 'serial' });

test('ending the session of another device signs that device out', async ({ browser }) => {
  const laptop = await device(browser, SESSIONS_ACCOUNT.password);
  const phone = await device(browser, SESSIONS_ACCOUNT.password, IPHONE_UA);

  await openAccountMenu(laptop.page);
  await laptop.page.getByRole('link', { name: 'Account' }).click();
  await expect(laptop.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const rows = laptop.page.getByTestId('session-row');
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Safari on iPhone' })).toHaveCount(1);

  await laptop.page.getByRole('button', { name: 'End session on Safari on iPhone' }).first().click();
  const dialog = laptop.page.getByRole('dialog', { name: 'End the session on Safari on iPhone?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(laptop.page.getByRole('status').filter({ hasText: 'Safari on iPhone is signed out.' })).toBeFocused();
  await expect(rows.filter({ hasText: 'Safari on iPhone' })).toHaveCount(0);

  expect(await isSignedIn(phone.page)).toBe(false);
  await phone.page.goto('/memories');
  await expect(phone.page).toHaveURL(/\/signin/);
  expect(await isSignedIn(laptop.page)).toBe(true);
  await laptop.context.close();
  await phone.context.close();
});

test('after signing out, a copy of the old cookie no longer works anywhere', async ({ browser }) => {
  const { context, page } = await device(browser, SESSIONS_ACCOUNT.password);
  const stolen = await context.storageState();
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  const thief = await browser.newContext({ storageState: stolen });
  const thiefPage = await thief.newPage();
  expect((await thiefPage.request.get('/api/trpc/viewer.me')).status()).toBe(401);
  expect((await thiefPage.request.get('/agent/memories')).status()).toBe(401);
  // /api/auth/session does not hand out a fresh cookie for it either.
  const session = await thiefPage.request.get('/api/auth/session');
  expect(await session.json()).toEqual({});
  await thiefPage.goto('/account');
  await expect(thiefPage).toHaveURL(/\/signin/);
  await context.close();
  await thief.close();
});

test('changing the password ends the other sessions, keeps this one, and only the new password works', async ({ browser }) => {
  const here = await device(browser, SESSIONS_ACCOUNT.password);
  const elsewhere = await device(browser, SESSIONS_ACCOUNT.password, IPHONE_UA);
  const page = here.page;
  await page.goto('/account');

  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill('second-password-2');
  await form.getByLabel('Confirm new password').fill('second-password-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toBeFocused();
  await expect(form.getByText('current password is wrong')).toBeVisible();
  expect(await isSignedIn(elsewhere.page)).toBe(true);

  await form.getByLabel('Current password').fill(SESSIONS_ACCOUNT.password);
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('Confirm new password').fill('short');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('New password', { exact: true })).toBeFocused();
  await expect(form.getByText('new password must be at least 8 characters')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('second-password-2');
  await form.getByLabel('Confirm new password').fill('second-password-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  // The earlier tests' sessions of this account that were not signed out count too.
  await expect(
    form.getByRole('status').filter({ hasText: /^Your password is changed\. \d+ other sessions? (was|were) signed out\.$/ }),
  ).toBeVisible();

  expect(await isSignedIn(elsewhere.page)).toBe(false);
  expect(await isSignedIn(page)).toBe(true);

  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(SESSIONS_ACCOUNT.email);
  await page.getByLabel('Password').fill(SESSIONS_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await signInWith(page, 'second-password-2');
  await here.context.close();
  await elsewhere.context.close();
});
