// A row of My memories, found by the key it is stored under (rows are named by their words; the
// key is on the row as `data-memory-key`, shown only under Advanced), and its Actions menu.
import type { Locator, Page } from '@playwright/test';

/**
 * Only rows a person can see, as `getByRole` finds them: while a page streams, React may hold the
 * next copy of a list in a hidden element before it swaps it in, and a CSS locator alone matched
 * both copies (a strict-mode failure seen now and then on the sign-in journeys).
 */
export function memoryRow(scope: Page | Locator, key: string): Locator {
  return scope.locator(`article[data-memory-key="${key}"]`).filter({ visible: true });
}

/** Opens the row's Actions menu and picks one. */
export async function memoryRowAction(scope: Page | Locator, key: string, action: 'Edit' | 'Mute' | 'Delete'): Promise<void> {
  const row = memoryRow(scope, key);
  await row.getByRole('button', { name: 'Actions', exact: true }).click();
  await row.getByRole('button', { name: action, exact: true }).click();
}
