// A row of My memories, found by the key it is stored under (rows are named by their words; the
// key is on the row as `data-memory-key`, shown only under Advanced), and its Actions menu.
import type { Locator, Page } from '@playwright/test';

export function memoryRow(scope: Page | Locator, key: string): Locator {
  return scope.locator(`article[data-memory-key="${key}"]`);
}

/** Opens the row's Actions menu and picks one. */
export async function memoryRowAction(scope: Page | Locator, key: string, action: 'Edit' | 'Mute' | 'Delete'): Promise<void> {
  const row = memoryRow(scope, key);
  await row.getByRole('button', { name: 'Actions', exact: true }).click();
  await row.getByRole('button', { name: action, exact: true }).click();
}
