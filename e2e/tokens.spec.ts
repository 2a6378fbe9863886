// API tokens (docs/runtime-api.md "API tokens"): Olga creates a token that may send Berlin's
// diagnostics, sees its secret once, the runtime endpoint accepts it, she revokes it and the
// endpoint refuses it. Bob makes a token that publishes facts and reads memories, a script's calls
// publish and delete one (the runtime list shows it only in between, each time compressed once), and
// the audit log names the token and Bob. Uses token names and a fact key of its own and
// deletes the fact again, so other specs see the demo data unchanged.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { credentialsOf, storageStatePath } from './personas';
import { freshSignIn } from './support/sign-in';
import { expectNoBlockingAxeViolations } from './support/accessibility';

test.use({ storageState: storageStatePath('olga') });

const NAME = 'e2e runtime events';

function postEvent(page: Page, secret: string) {
  const event = {
    type: 'memory.resolved',
    at: new Date().toISOString(),
    tenantRef: 'berlin',
    scopes: ['tenant:berlin', 'global'],
    offered: 3,
    omitted: 0,
    pinnedOmitted: 0,
    recalled: 1,
    promptChars: 420,
  };
  return page.request.post('/api/runtime/events', { headers: { authorization: `Bearer ${secret}` }, data: [event] });
}

test('an operator creates an events token, sees its secret once, and revokes it', async ({ browser }) => {
  // A fresh sign-in: creating and revoking need one from the last ten minutes (docs/operations.md
  // "Sessions").
  const { context, page } = await freshSignIn(browser, credentialsOf('olga'));
  await page.getByRole('link', { name: 'API tokens' }).click();
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expectNoBlockingAxeViolations(page);

  await page.getByLabel('Name').fill(NAME);
  await page.getByLabel('Organisation').selectOption({ label: 'Berlin office' });
  await expect(page.getByRole('checkbox', { name: /Write memories/ })).toHaveCount(0);
  // Publishing facts is for the organisation's administrators only.
  await expect(page.getByRole('checkbox', { name: /Publish facts/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Send diagnostics/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();

  const heading = page.getByRole('heading', { name: `Token “${NAME}” created` });
  await expect(heading).toBeFocused();
  const secret = await page.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^mct_/);
  await expect(page.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await expectNoBlockingAxeViolations(page);
  expect((await postEvent(page, secret)).status()).toBe(202);

  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByLabel('Secret')).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(secret);

  const row = page.getByTestId('token-row').filter({ hasText: NAME }).filter({ hasText: 'Active' }).first();
  await expect(row).toContainText('last used');
  await row.getByRole('button', { name: `Revoke ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke “${NAME}”?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is revoked' })).toBeFocused();
  expect((await postEvent(page, secret)).status()).toBe(401);
  await context.close();
});

test('a tenant administrator makes a token that publishes facts; the audit log names the token and them', async ({ browser }) => {
  const name = 'e2e facts script';
  const key = 'e2e-script-fact';
  const { context, page } = await freshSignIn(browser, credentialsOf('bob'));
  await page.goto('/admin/tokens');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('combobox', { name: 'Organisation' }).selectOption({ label: 'Berlin office' });
  const publish = page.getByRole('checkbox', { name: /Publish facts/ });
  await expect(page.getByText('as you would on the Facts page')).toBeVisible();
  await publish.check();
  await page.getByRole('checkbox', { name: /Read memories/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: `Token “${name}” created` })).toBeFocused();
  const secret = await page.getByLabel('Secret').inputValue();

  // The script's calls, over HTTP; the fact is deleted again, so other specs see the demo facts unchanged.
  const headers = { authorization: `Bearer ${secret}` };
  // The organisation's facts as the runtime lists them, asked for in Brotli as Node's fetch asks.
  // Asked again with nothing changed, the answer is the kept one, compressed once by the console:
  // it must arrive compressed once, like any other (docs/architecture.md "Compression").
  const listedKeys = async () => {
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const answer = await page.request.post('/api/runtime/memories/list', {
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
        data: { scopes: ['tenant:berlin'] },
      });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-encoding']).toBe('br');
      answers.push((await answer.json()) as { records: { key: string }[] });
    }
    expect(answers[1]).toEqual(answers[0]);
    return answers[0]!.records.map((record) => record.key);
  };
  expect(await listedKeys()).not.toContain(key);
  const published = await page.request.post('/api/runtime/facts/publish', {
    headers,
    data: { scope: 'tenant:berlin', key, text: 'Published by a script.' },
  });
  expect(published.status()).toBe(200);
  const { record } = (await published.json()) as { record: { id: string; version: number; author: string } };
  expect(record.author).toBe('human');
  expect(await listedKeys()).toContain(key);
  const refused = await page.request.post('/api/runtime/facts/publish', { headers, data: { scope: 'global', key, text: 'Nowhere.' } });
  expect(refused.status()).toBe(400);
  const deleted = await page.request.post('/api/runtime/facts/delete', {
    headers,
    data: { id: record.id, expectedVersion: record.version },
  });
  expect(deleted.status()).toBe(204);
  expect(await listedKeys()).not.toContain(key);

  await page.goto(`/admin/audit?key=${key}`);
  const rows = page.getByRole('row').filter({ hasText: `API token “${name}”` });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('made by Bob Brandt');
  await context.close();
});

test('a person without a role sees that the page is not theirs', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStatePath('alice') });
  const page = await context.newPage();
  await page.goto('/admin/tokens');
  await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to API tokens' })).toContainText(
    'operators and tenant administrators',
  );
  await context.close();
});

test('an operator gives a token an expiry and rotates it: new secret once, the old one still works for 24 hours', async ({ browser }) => {
  const name = 'e2e rotated events';
  const { context, page } = await freshSignIn(browser, credentialsOf('olga'));
  await page.goto('/admin/tokens');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Organisation').selectOption({ label: 'Berlin office' });
  await page.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await page.getByRole('checkbox', { name: /Send diagnostics/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  const oldSecret = await page.getByLabel('Secret').inputValue();
  await page.getByRole('button', { name: 'I have stored it' }).click();

  const row = page.getByTestId('token-row').filter({ hasText: name }).filter({ hasText: 'Active' }).first();
  await expect(row.getByTestId('token-expiry')).toContainText(/Expires \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
  await row.getByRole('button', { name: `Rotate ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Rotate “${name}”?` });
  await expect(dialog).toContainText('keeps working for 24 hours');
  await dialog.getByRole('button', { name: 'Rotate token' }).click();

  await expect(page.getByRole('heading', { name: `Token “${name}” rotated` })).toBeFocused();
  await expect(page.getByText(/The old secret keeps working until/)).toBeVisible();
  const newSecret = await page.getByLabel('Secret').inputValue();
  expect(newSecret).toMatch(/^mct_/);
  expect(newSecret).not.toBe(oldSecret);
  await expectNoBlockingAxeViolations(page);
  expect((await postEvent(page, newSecret)).status()).toBe(202);
  expect((await postEvent(page, oldSecret)).status()).toBe(202);
  // The old token: still listed, no second rotation offered; its replacement is Active.
  const rotated = page
    .getByTestId('token-row')
    .filter({ hasText: name })
    .filter({ has: page.getByTestId('token-expiry').filter({ hasText: 'the old secret works until' }) });
  await expect(rotated).toHaveCount(1);
  await expect(rotated.getByRole('button', { name: `Rotate ${name}` })).toHaveCount(0);
  await expect(rotated.getByRole('button', { name: `Revoke ${name}` })).toBeVisible();
  await context.close();
});
