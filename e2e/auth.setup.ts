// Signs each persona in once through the real sign-in page and keeps the session for the specs.
import { expect, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, PERSONAS, type Persona, storageStatePath } from './personas';

for (const persona of Object.keys(PERSONAS) as Persona[]) {
  setup(`sign in as ${persona}`, async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(PERSONAS[persona].email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The first sign-in of a run also opens the database in the server; on a busy machine that is slow.
    await expect(page).toHaveURL(/\/memories$/, { timeout: 20_000 });
    await expect(page.getByTestId('signed-in-person')).toContainText(PERSONAS[persona].name);
    await page.context().storageState({ path: storageStatePath(persona) });
  });
}
