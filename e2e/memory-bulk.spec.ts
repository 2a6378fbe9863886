// Many at once (docs/features.md "Many at once"): a person forgets a filtered selection of their own
// memories with one confirmation that says exactly how many, and an administrator confirms three
// facts in one batch. Every test creates the rows it changes under its own keys (the demo data is
// shared by the specs of a run), and removes the facts it published.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { memoryRow } from './support/memory-rows';
import { DEMO_PASSWORD, storageStatePath } from './personas';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

async function stateFact(request: APIRequestContext, key: string, text: string): Promise<void> {
  const response = await request.post('/api/trpc/memories.save', { data: { key, text } });
  expect(response.status()).toBe(200);
}

test.describe('alice, forgetting several memories', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('selects the memories a search shows and forgets exactly those, after one confirmation', async ({ page }) => {
    const prefix = `bulk${Date.now()}`;
    for (const n of [1, 2, 3]) await stateFact(page.request, `${prefix}-${n}`, `Bulk note number ${n}.`);
    await page.goto(`/memories?q=${prefix}`);
    for (const n of [1, 2, 3]) await expect(memoryRow(page, `${prefix}-${n}`)).toBeVisible();

    // One by one, then all shown; the bar counts exactly.
    await memoryRow(page, `${prefix}-1`).getByRole('checkbox', { name: 'Select “Bulk note number 1.”' }).check();
    await expect(page.getByRole('button', { name: 'Forget 1 memory', exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all 3 memories shown' }).check();
    const forget = page.getByRole('button', { name: 'Forget 3 memories', exact: true });
    await expect(forget).toBeVisible();
    await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));

    await forget.click();
    const dialog = page.getByRole('dialog', { name: 'Forget 3 memories?' });
    await expect(dialog).toBeVisible();
    // Cancel first: nothing changes and the selection stays.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(memoryRow(page, `${prefix}-2`)).toBeVisible();
    await forget.click();
    await page.getByRole('dialog', { name: 'Forget 3 memories?' }).getByRole('button', { name: 'Forget 3 memories' }).click();

    await expect(page.getByText('Forgot 3 memories.')).toBeVisible();
    for (const n of [1, 2, 3]) await expect(memoryRow(page, `${prefix}-${n}`)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Selected' })).toHaveCount(0);
  });
});

test.describe('bob, an administrator, confirming facts in bulk', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('confirms three facts as still true in one batch, at the versions shown', async ({ page }) => {
    const prefix = `bulk-fact-${Date.now()}`;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const response = await page.request.post('/api/trpc/facts.save', {
        data: { scope: 'tenant:berlin', key: `${prefix}-${n}`, text: `Bulk fact ${n}.` },
      });
      expect(response.status()).toBe(200);
      ids.push(((await response.json()) as { result: { data: { id: string } } }).result.data.id);
    }
    try {
      await page.goto('/admin/facts');
      await page.getByLabel('Search').fill(prefix);
      for (const n of [1, 2, 3]) await page.getByRole('checkbox', { name: `Select ${prefix}-${n}` }).check();
      await page.getByRole('button', { name: 'Confirm 3 facts', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm 3 facts?' });
      await dialog.getByRole('button', { name: 'Confirm 3 facts' }).click();
      await expect(page.getByText('Confirmed 3 facts.')).toBeVisible();
      await expect(page.getByText('Confirmed 3 facts.')).toBeFocused();
    } finally {
      // Leave the shared demo data as it was.
      const cleanup = await page.request.post('/api/trpc/facts.act', { data: { ids, action: 'delete', password: DEMO_PASSWORD } });
      expect(cleanup.status()).toBe(200);
    }
  });
});
