// Alert webhooks (docs/operations.md "Alert webhooks"): Bob turns Berlin's webhook on from
// Settings, sees the signing secret once, is told when an address is not https or not on the public
// internet, and removes the webhook again after confirming, so the demo data is as it was.
import { expect, test } from './support/test';
import { credentialsOf } from './personas';
import { freshSignIn } from './support/sign-in';
import { expectNoBlockingAxeViolations } from './support/accessibility';

test('an administrator turns the alert webhook on, sees its secret once, and removes it', async ({ browser }) => {
  // A fresh sign-in: saving a webhook needs one from the last ten minutes (docs/operations.md
  // "Sessions").
  const { context, page } = await freshSignIn(browser, credentialsOf('bob'));
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'Alert webhook' });
  await expect(card).toBeVisible();
  await expectNoBlockingAxeViolations(page);

  const url = card.getByLabel('Send alerts to (URL)');
  await url.fill('http://hooks.example.com/memory-console');
  await card.getByRole('button', { name: 'Turn on the webhook' }).click();
  await expect(card.getByRole('alert')).toContainText('https://');
  await expect(card.getByRole('alert')).toBeFocused();

  await url.fill('https://192.168.1.10/memory-console');
  await card.getByRole('button', { name: 'Turn on the webhook' }).click();
  await expect(card.getByRole('alert')).toContainText('private network address');

  await url.fill('https://hooks.example.com/memory-console-e2e');
  await card.getByRole('button', { name: 'Turn on the webhook' }).click();
  const secret = card.getByLabel(/Signing secret/);
  await expect(secret).toBeFocused();
  expect(await secret.inputValue()).toMatch(/^whsec_/);
  await expect(card.getByText('Nothing sent yet.')).toBeVisible();
  await expectNoBlockingAxeViolations(page);

  await card.getByRole('button', { name: 'Remove webhook…' }).click();
  await card.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(card.getByText('Removed. Alerts are no longer sent anywhere.')).toBeFocused();
  await expect(card.getByRole('button', { name: 'Turn on the webhook' })).toBeVisible();
  await context.close();
});
