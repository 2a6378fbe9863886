// A fact's life on the Facts page, as Bob (Berlin administrator): an expired fact waits under
// "Expired facts" and Extend brings it back; the demo's three facts due for review are confirmed in
// one batch; two facts are made always on in one batch and back. The server's clock cannot be moved here: the expired fact is published with a
// valid-until date a few seconds ahead, and the due ones are the seed's (published 200 days before
// its clock). Only this spec touches those three.
import { expect, test } from './support/test';
import { DEMO_PASSWORD, storageStatePath } from './personas';
import { expectAccessibleLayout, expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

const DUE = ['bike-parking', 'printer-room', 'visitor-badges'];

test.describe('bob, the life of facts', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('an expired fact is listed under Expired facts, and Extend brings it back into use', async ({ page }) => {
    const key = `facts-expired-${Date.now()}`;
    const response = await page.request.post('/api/trpc/facts.save', {
      data: { scope: 'tenant:berlin', key, text: 'The canteen closes at 14:00.', expiresAt: new Date(Date.now() + 3_000).toISOString() },
    });
    expect(response.status()).toBe(200);
    const id = ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
    try {
      const expired = page.getByRole('list', { name: 'Expired facts' });
      // The list is cached for a while: load the page again until the date has passed.
      await expect(async () => {
        await page.goto('/admin/facts');
        await page.getByLabel('Search').fill(key);
        await page.getByLabel('Show', { exact: true }).selectOption('expired');
        await expect(expired).toContainText('The canteen closes at 14:00.', { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(expired).toContainText(/Expired on \d+ \w+ \d{4}/);
      await expect(expired).toContainText(/Deleted on \d+ \w+ \d{4}.* unless extended/);
      await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));

      await expired.getByRole('button', { name: `Extend ${key}` }).click();
      const dialog = page.getByRole('dialog', { name: `Extend “${key}”?` });
      await expect(dialog.getByLabel('Valid until')).toBeFocused();
      await expectNoBlockingAxeViolations(page);
      await dialog.getByRole('button', { name: 'Extend' }).click();
      const notice = page.getByText(`“${key}” is in use again, valid until`);
      await expect(notice).toBeVisible();
      await expect(notice).toBeFocused();
      await expect(page.getByText('No expired fact matches this search.')).toBeVisible();

      await page.getByLabel('Show', { exact: true }).selectOption('current');
      const row = page.locator(`tr[data-fact-key="${key}"]`);
      await expect(row).toContainText('The canteen closes at 14:00.');
      await expect(row).toContainText(/Valid until \d+ \w+ \d{4}/);
    } finally {
      const cleanup = await page.request.post('/api/trpc/facts.act', { data: { ids: [id], action: 'delete', password: DEMO_PASSWORD } });
      expect(cleanup.status()).toBe(200);
    }
  });

  test('makes two facts always on in one batch, then not always on', async ({ page }) => {
    const stamp = Date.now();
    const keys = [`bulk-pin-a-${stamp}`, `bulk-pin-b-${stamp}`];
    const ids: string[] = [];
    for (const key of keys) {
      const response = await page.request.post('/api/trpc/facts.save', { data: { scope: 'tenant:berlin', key, text: `Rule ${key}.` } });
      expect(response.status()).toBe(200);
      ids.push(((await response.json()) as { result: { data: { id: string } } }).result.data.id);
    }
    try {
      await page.goto('/admin/facts');
      await page.getByLabel('Search').fill(`bulk-pin-`);
      for (const key of keys) await page.getByRole('checkbox', { name: `Select ${key}` }).check();
      await page.getByRole('button', { name: 'Make 2 facts always on', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Make 2 facts always on?' });
      await expect(dialog).toContainText('in every conversation');
      // On a phone, light and dark: the bar's seven actions wrap and the dialog fits.
      await page.setViewportSize({ width: 390, height: 844 });
      await inLightAndDark(page, () => expectAccessibleLayout(page));
      await dialog.getByRole('button', { name: 'Make 2 facts always on' }).click();
      const notice = page.getByText('Now always on: 2 facts.');
      await expect(notice).toBeFocused();
      for (const key of keys) await expect(page.locator(`tr[data-fact-key="${key}"]`)).toContainText('Always on');

      for (const key of keys) await page.getByRole('checkbox', { name: `Select ${key}` }).check();
      await page.getByRole('button', { name: 'Stop 2 facts being always on', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Stop 2 facts being always on?' })
        .getByRole('button', { name: 'Stop 2 facts being always on' })
        .click();
      await expect(page.getByText('No longer always on: 2 facts.')).toBeFocused();
      for (const key of keys) await expect(page.locator(`tr[data-fact-key="${key}"]`)).not.toContainText('Always on');
    } finally {
      const cleanup = await page.request.post('/api/trpc/facts.act', { data: { ids, action: 'delete', password: DEMO_PASSWORD } });
      expect(cleanup.status()).toBe(200);
    }
  });

  test('confirms the three facts due for review in one batch', async ({ page }) => {
    await page.goto('/admin/facts');
    const panel = page.getByRole('region', { name: 'Due for review: 3 facts' });
    await expect(panel).toBeVisible();
    const list = panel.getByRole('list', { name: 'Facts due for review' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    for (const key of DUE) await expect(list).toContainText(key);
    await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));

    for (const key of DUE) await panel.getByRole('checkbox', { name: `Select ${key} for review` }).check();
    await page.getByRole('button', { name: 'Confirm 3 facts', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm 3 facts?' });
    await dialog.getByRole('button', { name: 'Confirm 3 facts' }).click();

    const notice = page.getByText('Confirmed 3 facts.');
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(page.getByRole('region', { name: /Due for review/ })).toHaveCount(0);
    await expectNoBlockingAxeViolations(page);
  });
});
