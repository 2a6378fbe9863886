// The header's account menu (components/shell/account-menu.tsx): on wide screens Account, the theme
// and Sign out sit behind one button; on a phone they sit in the header's "Menu".
import type { Page } from '@playwright/test';

export async function openAccountMenu(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: /^Account menu/ });
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}
