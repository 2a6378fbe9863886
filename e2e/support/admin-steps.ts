// Steps an administrator's journeys share: creating a custom scope, publishing a fact for it,
// inviting someone, and that person taking up the invite in a browser of their own.
import { expect, type Browser, type Page } from '@playwright/test';
import { signIn } from './sign-in';
import { hydrateOnNavigation } from './hydration';

/** On /admin/scopes: creates `depot:<name>` labelled `label`. */
export async function createScope(page: Page, { name, label }: { name: string; label: string }): Promise<string> {
  const token = `depot:${name}`;
  await page.goto('/admin/scopes');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New group' });
  await form.getByLabel('Kind').selectOption('depot');
  await form.getByLabel('Short name').fill(name);
  await form.getByLabel('Label').fill(label);
  await form.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(`${label} (${token}) is created.`)).toBeFocused();
  return token;
}

/** On /admin/facts: publishes `text` under `key` for `scope`. */
export async function publishFact(page: Page, { scope, key, text }: { scope: string; key: string; text: string }): Promise<void> {
  await page.goto('/admin/facts');
  await page.getByRole('button', { name: 'Publish a fact' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish a fact' });
  await publish.getByLabel('Published for').selectOption(scope);
  await publish.getByLabel('Key').fill(key);
  await publish.getByLabel('Fact').fill(text);
  await publish.getByRole('button', { name: 'Publish' }).click();
  // The message names the place in people's words (the group's label), not its token.
  await expect(page.getByText(`Saved “${key}” for `)).toBeFocused();
}

/** On /admin/people: invites `email` as `name` and answers the one-time link shown once. */
export async function invitePerson(page: Page, { email, name }: { email: string; name: string }): Promise<string> {
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create invite link' }).click();
  await expect(page.getByRole('heading', { name: `Invite for ${name} created` })).toBeFocused();
  return page.getByLabel('One-time link').inputValue();
}

/** A browser of its own with nobody signed in. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return hydrateOnNavigation(await context.newPage());
}

/** The invited person opens `link` on `page`, sets `password` and signs in (ending on My memories). */
export async function acceptInvite(
  page: Page,
  link: string,
  { email, name, password }: { email: string; name: string; password: string },
): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await setPasswordAndSignIn(page, { email, password });
}

/** On the welcome page of a one-time link: sets `password`, then signs in with it (ending on My memories). */
export async function setPasswordAndSignIn(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeFocused();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, { email, password });
  await expect(page.getByRole('heading', { name: 'My memories', level: 1 })).toBeVisible();
}
