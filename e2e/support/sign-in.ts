// Signing in through the real sign-in page, for the journeys that need a session of their own: a
// fresh sign-in (so actions that ask for the password again within ten minutes do not;
// docs/operations.md "Sessions"), an e2e-only account, or a second device.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { hydrateOnNavigation, waitForHydration } from './hydration';

export interface Credentials {
  email: string;
  password: string;
}

/** Fills the sign-in form and waits for My memories, where a sign-in lands, to be hydrated. */
export async function signIn(page: Page, { email, password }: Credentials, options: { timeout?: number } = {}): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/memories$/, options);
  await waitForHydration(page);
}

/** A new browser context with no session, signed in as `credentials`. Close the context when done. */
export async function freshSignIn(
  browser: Browser,
  credentials: Credentials,
  options: { timeout?: number; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, userAgent: options.userAgent });
  const page = hydrateOnNavigation(await context.newPage());
  await signIn(page, credentials, { timeout: options.timeout });
  return { context, page };
}
