// Alert webhooks (docs/operations.md "Alert webhooks"): Bob turns Berlin's webhook on from Settings, sees the
// signing secret once, is told when an address is not https or not on the public internet, and removes the webhook again after
// confirming it and his password, so the demo data is as it was.
import { expect, test } from './support/test';
import { credentialsOf, DEMO_PASSWORD } from './personas';
import { freshSignIn } from './support/sign-in';
import { expectAccessibleLayout, expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

test('an administrator turns the alert webhook on, sees its secret once, and removes it', async ({ browser }) => {
  // A fresh sign-in: saving a webhook needs one from the last ten minutes (docs/operations.md "Sessions").
  const { context, page } = await freshSignIn(browser, credentialsOf('bob'));
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'Alert webhook' });
  await expect(card).toBeVisible();
  await expectNoBlockingAxeViolations(page);

  const url = card.getByLabel('Send alerts to (URL)');
  // Our own message under the field, once, with the focus on the field (no browser bubble).
  await card.getByRole('button', { name: 'Turn on the webhook' }).click();
  await expect(url).toHaveAccessibleDescription(/Enter the address alerts are sent to/);
  await expect(url).toBeFocused();

  await url.fill('http://hooks.example.com/memory-console');
  await card.getByRole('button', { name: 'Turn on the webhook' }).click();
  await expect(url).toHaveAccessibleDescription(/must start with https:\/\//);
  await expect(url).toBeFocused();
  await expect(card.getByText('must start with https://', { exact: false })).toHaveCount(1);
  await expect(card.getByRole('alert')).toHaveCount(0);

  await url.fill('https://192.168.1.10/memory-console');
  await card.getByRole('button', { name: 'Turn on the webhook' }).click();
  await expect(url).toHaveAccessibleDescription(/private network address/);

  await url.fill('https://hooks.example.com/memory-console-e2e');
  await card.getByRole('button', { name: 'Turn on the webhook' }).click();
  const secret = card.getByLabel(/Signing secret/);
  await expect(secret).toBeFocused();
  expect(await secret.inputValue()).toMatch(/^whsec_/);
  await expect(card.getByText('Nothing sent yet.')).toBeVisible();
  await expectNoBlockingAxeViolations(page);

  // Removing asks for the password after ten minutes, as saving does. The sign-in here is fresh, so
  // the first answer is the server's exact refusal of an older one; the retry goes to the server.
  let removals = 0;
  await page.route('**/api/trpc/webhooks.delete**', (route) => {
    removals += 1;
    if (removals > 1) return route.continue();
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
              path: 'webhooks.delete',
              zodError: null,
              domain: { code: 'FORBIDDEN', reason: 'REAUTH_REQUIRED' },
            },
          },
        },
      ]),
    });
  });
  await card.getByRole('button', { name: 'Remove webhook…' }).click();
  await card.getByRole('button', { name: 'Yes, remove it' }).click();
  const prompt = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(prompt.getByLabel('Password')).toBeFocused();
  await page.setViewportSize({ width: 390, height: 844 });
  await inLightAndDark(page, () => expectAccessibleLayout(page));
  await prompt.getByLabel('Password').fill(DEMO_PASSWORD);
  await prompt.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(card.getByText('Removed. Alerts are no longer sent anywhere.')).toBeFocused();
  expect(removals).toBe(2);
  await expect(card.getByRole('button', { name: 'Turn on the webhook' })).toBeVisible();
  await context.close();
});
