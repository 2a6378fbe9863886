// Single sign-on end to end: the console, a real OpenID Connect provider (e2e/support/oidc-provider.ts)
// and the browser in between. The main console refuses people it does not know; a second console,
// started with OIDC_PROVISION_TENANT=berlin, creates them as end users of Berlin.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { memoryRow } from './support/memory-rows';
import { openAccountMenu } from './support/account-menu';
import { OIDC_BUTTON_NAME, OIDC_CLIENT, oidcAccount, type OidcLogin } from './support/oidc-accounts';
import { PERSONAS } from './personas';
import { waitForHydration } from './support/hydration';

const provisioningURL = process.env.E2E_PROVISIONING_URL!;

interface Me {
  name: string;
  email: string;
  tenant: { ref: string };
  scopes: string[];
  isAdmin: boolean;
  isOperator: boolean;
}

/** Who the console's API says is signed in, or the HTTP status when nobody is. */
async function me(request: APIRequestContext, consoleURL = ''): Promise<Me | number> {
  const response = await request.get(`${consoleURL}/api/trpc/viewer.me`);
  if (response.status() !== 200) return response.status();
  return ((await response.json()) as { result: { data: Me } }).result.data;
}

function ssoButton(page: Page) {
  return page.getByRole('button', { name: `Sign in with ${OIDC_BUTTON_NAME}` });
}

/** On the console's sign-in page: choose single sign-on, then sign in at the provider as `login`. */
async function signInWithProvider(page: Page, login: OidcLogin) {
  await ssoButton(page).click();
  await expect(page.getByRole('heading', { name: 'Example ID' })).toBeVisible();
  await page.getByLabel('Account').fill(login);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('single sign-on', () => {
  // Each journey crosses two servers several times, and the first one on each console also opens
  // its database: more than the default budget on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('sign-in sends me to the provider with PKCE and state, and the callback brings me back to where I was going', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/signin?callbackUrl=${encodeURIComponent('/memories?q=fiscal')}`);

    const authorization = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth');
    await ssoButton(page).click();
    const params = new URL((await authorization).url()).searchParams;
    expect(params.get('client_id')).toBe(OIDC_CLIENT.id);
    expect(params.get('redirect_uri')).toBe(`${baseURL}/api/auth/callback/oidc`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();

    // At the provider's own page, not the console's.
    await expect(page).toHaveURL(new RegExp(`^http://localhost:\\d+/interaction/`));
    expect(new URL(page.url()).origin).not.toBe(baseURL);
    expect(await me(page.request)).toBe(401);

    const callback = page.waitForRequest((request) => request.url().startsWith(`${baseURL}/api/auth/callback/oidc?`));
    await page.getByLabel('Account').fill('alice');
    await page.getByRole('button', { name: 'Continue' }).click();
    const callbackParams = new URL((await callback).url()).searchParams;
    expect(callbackParams.get('code')).toBeTruthy();
    expect(callbackParams.get('state')).toBe(params.get('state'));

    await expect(page).toHaveURL(`${baseURL}/memories?q=fiscal`);
    await expect(page.getByRole('heading', { name: 'My memories' })).toBeVisible();
  });

  test('a known person (matched by email) is signed in as that console user and sees her memories', async ({ page }) => {
    await page.goto('/signin');
    await signInWithProvider(page, 'alice');

    await expect(page).toHaveURL(/\/memories$/);
    // The console's own record, not the provider's display name.
    await expect(page.getByTestId('signed-in-person')).toContainText(PERSONAS.alice.name);
    await expect(memoryRow(page, 'fiscal-year')).toBeVisible();
    expect(await me(page.request)).toMatchObject({
      email: PERSONAS.alice.email,
      name: PERSONAS.alice.name,
      tenant: { ref: 'berlin' },
      isAdmin: false,
      isOperator: false,
    });
  });

  test('a person the console does not know is refused with a message and no session, and is not created', async ({ page }) => {
    await page.goto('/signin');
    await signInWithProvider(page, 'stranger');

    await expect(page).toHaveURL(/\/signin\?.*error=OidcUnknownUser/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your single sign-on account is not registered in this console.' }),
    ).toBeVisible();
    expect(await me(page.request)).toBe(401);

    // Trying again (the provider remembers the person, so no form) is refused again: the first
    // attempt created no user.
    await ssoButton(page).click();
    await expect(page).toHaveURL(/\/signin\?.*error=OidcUnknownUser/);
    expect(await me(page.request)).toBe(401);
  });

  test('a person whose provider shares no email address is refused with a message and no session', async ({ page }) => {
    await page.goto(`${provisioningURL}/signin`);
    await signInWithProvider(page, 'no-email');

    // Even the console that creates newcomers cannot create someone without an email.
    await expect(page).toHaveURL(/\/signin\?.*error=OidcNoEmail/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your single sign-on provider did not share an email address' })).toBeVisible();
    expect(await me(page.request, provisioningURL)).toBe(401);
  });

  test('cancelling at the provider returns to sign-in with a message and no session', async ({ page }) => {
    await page.goto('/signin');
    await ssoButton(page).click();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/signin\?.*error=Callback/);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Single sign-on did not finish: it was cancelled at the provider or could not be completed.' }),
    ).toBeVisible();
    expect(await me(page.request)).toBe(401);
  });

  test('a console started with OIDC_PROVISION_TENANT creates an unknown person as an end user there and signs them in', async ({
    page,
  }) => {
    const newcomer = oidcAccount('newcomer');
    expect(await me(page.request, provisioningURL)).toBe(401);

    await page.goto(`${provisioningURL}/signin`);
    await signInWithProvider(page, 'newcomer');

    await expect(page).toHaveURL(`${provisioningURL}/memories`);
    await expect(page.getByTestId('signed-in-person')).toContainText(newcomer.name);
    await expect(page.getByRole('heading', { name: 'My memories' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'My memories', exact: true })).toBeVisible();
    for (const section of ['Review', 'Facts', 'Audit', 'Operations']) {
      await expect(nav.getByRole('link', { name: section, exact: true })).toHaveCount(0);
    }

    const created = await me(page.request, provisioningURL);
    expect(created).toMatchObject({
      email: newcomer.email,
      name: newcomer.name,
      tenant: { ref: 'berlin' },
      isAdmin: false,
      isOperator: false,
    });
    expect((created as Me).scopes).toEqual([expect.stringMatching(/^actor:/), 'tenant:berlin', 'global']);

    // The same person signing in again (still signed in at the provider) is the same user, not a
    // second one.
    await waitForHydration(page);
    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    expect(await me(page.request, provisioningURL)).toBe(401);
    await ssoButton(page).click();
    await expect(page).toHaveURL(`${provisioningURL}/memories`);
    expect(await me(page.request, provisioningURL)).toEqual(created);
  });
});
