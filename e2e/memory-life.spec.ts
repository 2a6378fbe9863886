// A memory's life end to end (docs/concepts.md "The life of a memory"): a person mutes one of
// their own memories and restores it in one click; an expired one waits under "Expired". Tests
// share one database per run, so each creates the memories it changes under its own key.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { memoryRow, memoryRowAction } from './support/memory-rows';
import { storageStatePath } from './personas';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

/** Setup through the same tRPC procedure the page uses (plain JSON input). */
async function stateFact(request: APIRequestContext, key: string, text: string, expiresAt?: string): Promise<void> {
  const response = await request.post('/api/trpc/memories.save', { data: { key, text, ...(expiresAt ? { expiresAt } : {}) } });
  expect(response.status()).toBe(200);
}

test.describe('alice, the life of her memories', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('mutes a memory (kept, not used) and restores it in one click', async ({ page }) => {
    const key = `life-mute-${Date.now()}`;
    await stateFact(page.request, key, 'I sit by the window.');
    await page.goto('/memories');
    await memoryRowAction(page, key, 'Mute');
    await expect(page.getByText('Muted “I sit by the window.”: it is kept, but the assistant will not use it.')).toBeVisible();

    const muted = page.getByRole('list', { name: 'Muted memories' });
    await expect(muted).toContainText('I sit by the window.');
    await inLightAndDark(page, () => expectNoBlockingAxeViolations(page));

    await muted.getByRole('button', { name: `Restore ${key}` }).click();
    await expect(page.getByText(`“${key}” is restored: the assistant uses it again.`)).toBeVisible();
    // Focus is on the section's heading, which the notice under it explains.
    await expect(page.getByRole('heading', { name: 'Muted and expired' })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Muted memories' })).toHaveCount(0);
  });

  test('an expiry a few seconds ahead: the memory moves to Expired once it passes, and can be restored', async ({ page }) => {
    const key = `life-expiry-${Date.now()}`;
    await stateFact(page.request, key, 'I am in Lisbon this week.', new Date(Date.now() + 3_000).toISOString());
    await page.goto('/memories');
    await expect(memoryRow(page, key)).toBeVisible();
    // The server's clock cannot be moved here: reload until the expiry has passed.
    const expired = page.getByRole('list', { name: 'Expired memories' });
    await expect(async () => {
      await page.reload();
      await expect(expired).toContainText('I am in Lisbon this week.', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(expired).toContainText(/deleted on \d+ \w+ \d{4}/);
    await expired.getByRole('button', { name: `Restore ${key}` }).click();
    await expect(page.getByText(`“${key}” is restored and no longer expires.`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Expired memories' })).toHaveCount(0);
  });

  test('a memory whose expiry passes leaves the list and the preview no longer carries it', async ({ page }) => {
    const key = `life-leaves-${Date.now()}`;
    await stateFact(page.request, key, 'Leaves soon.', new Date(Date.now() + 3_000).toISOString());
    await page.goto('/memories');
    await expect(memoryRow(page, key)).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(memoryRow(page, key)).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });
});
