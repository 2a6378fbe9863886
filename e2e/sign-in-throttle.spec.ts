// Sign-in throttling as a person meets it: after five wrong passwords the form says when to try
// again, and even the right password is refused until then (an account no other spec uses).
import { expect, test } from './support/test';
import { THROTTLE_ACCOUNT } from './test-accounts';

test('after five wrong passwords the form says when to try again, even for the right one', async ({ page }) => {
  await page.goto('/signin');
  const alert = page.getByRole('alert');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('Email').fill(THROTTLE_ACCOUNT.email);
    await page.getByLabel('Password').fill(`wrong-${attempt}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(alert.filter({ hasText: 'Wrong email or password.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  }
  await page.getByLabel('Password').fill(THROTTLE_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    alert.filter({ hasText: /Too many failed sign-ins for this account or network\. Try again in 1[45] minutes \(at \d\d:\d\d\)\./ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get('/api/trpc/viewer.me')).status()).toBe(401);
});

test('the throttled answer is HTTP 429 with Retry-After and a JSON body', async ({ request }) => {
  const csrf = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await request.post('/api/auth/callback/credentials', {
    form: {
      email: THROTTLE_ACCOUNT.email,
      password: THROTTLE_ACCOUNT.password,
      csrfToken: csrf.csrfToken,
      callbackUrl: '/memories',
      json: 'true',
    },
  });
  expect(response.status()).toBe(429);
  expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({ error: 'TooManyAttempts', retryAfter: expect.any(Number) });
});
