import { expect, test } from '@playwright/test';
import { storageStatePath } from './personas';

test.describe('my memories', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('alice sees her seeded memories at her own scope', async ({ page }) => {
    await page.goto('/memories');
    const table = page.getByRole('table', { name: 'Memories held at your own scope' });
    await expect(table.getByRole('row', { name: /They report on the calendar year\./ })).toContainText('fiscal-year');
    await expect(table.getByRole('row', { name: /Answer me in English\./ })).toContainText('You said');
    // Held at wider scopes, not hers: the skeleton table lists her own scope only.
    await expect(table).not.toContainText('The fiscal year starts in October.');
  });
});
