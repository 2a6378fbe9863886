import { expect, test } from './support/test';
import { openAccountMenu } from './support/account-menu';
import { waitForHydration } from './support/hydration';
import { ALL_NAV, DEMO_PASSWORD, PERSONAS, type Persona, storageStatePath } from './personas';

test.describe('signed out', () => {
  test('"Forgot password?" gives the same answer whatever the address, and asks the server nothing', async ({ page }) => {
    await page.goto('/signin');
    await waitForHydration(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.getByLabel('Email').fill('nobody-here@example.com');
    const forgot = page.getByRole('button', { name: 'Forgot password?' });
    await expect(forgot).toHaveAttribute('aria-expanded', 'false');
    await forgot.click();
    await expect(forgot).toHaveAttribute('aria-expanded', 'true');
    const answer = page.locator('#forgot-password');
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('Ask your organisation’s administrator for a reset link');
    const words = await answer.innerText();
    await page.getByLabel('Email').fill('alice@example.com');
    await expect(answer).toHaveText(words);
    expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
  });

  test('a protected page redirects to sign-in and returns there afterwards', async ({ page }) => {
    await page.goto('/memories');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fmemories$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Memory Console' })).toBeVisible();
  });

  test('a signed-out visit to a page with a query returns to exactly it after signing in', async ({ page }) => {
    await page.goto('/admin/review?q=meeting');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fadmin%2Freview%3Fq%3Dmeeting$/);
    await page.getByLabel('Email').fill('bob@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/review\?q=meeting$/);
  });

  test('a wrong password is refused with a message and no session', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(PERSONAS.alice.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
    const me = await page.request.get('/api/trpc/viewer.me');
    expect(me.status()).toBe(401);
  });

  test('before the page runs its script, the form cannot be sent, so a password never lands in the address', async ({
    browser,
    baseURL,
  }) => {
    // The page as the server sent it, before hydration: what someone clicking early meets.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(PERSONAS.alice.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/signin$/);
    await context.close();
  });

  test('the API answers 401 without a session', async ({ request }) => {
    const response = await request.get('/api/trpc/memories.list');
    expect(response.status()).toBe(401);
  });

  test('an unknown address shows the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('signing in with the real form lands on my memories', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(PERSONAS.hana.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My memories' })).toBeVisible();
    await waitForHydration(page);
    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    expect((await page.request.get('/api/trpc/viewer.me')).status()).toBe(401);
  });
});

for (const persona of Object.keys(PERSONAS) as Persona[]) {
  test.describe(`${persona}`, () => {
    test.use({ storageState: storageStatePath(persona) });

    test('sees exactly the navigation for their role', async ({ page }) => {
      await page.goto('/memories');
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const label of ALL_NAV) {
        const link = nav.getByRole('link', { name: label, exact: true });
        if ((PERSONAS[persona].nav as readonly string[]).includes(label)) await expect(link).toBeVisible();
        else await expect(link).toHaveCount(0);
      }
    });
  });
}

test.describe('section guards', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('an end user opening an admin section is told it is not for them', async ({ page }) => {
    await page.goto('/admin/review');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to Review' })).toBeVisible();
    await page.goto('/ops');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to Operations' })).toBeVisible();
  });
});
