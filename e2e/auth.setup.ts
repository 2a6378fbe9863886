// Signs each persona in once through the real sign-in page and keeps the session for the specs.
import { expect, test as setup } from '@playwright/test';
import { credentialsOf, PERSONAS, type Persona, storageStatePath } from './personas';
import { signIn } from './support/sign-in';

for (const persona of Object.keys(PERSONAS) as Persona[]) {
  setup(`sign in as ${persona}`, async ({ page }) => {
    // The first sign-in of a run also opens the database in the server; on a busy machine that is slow.
    await signIn(page, credentialsOf(persona), { timeout: 20_000 });
    await expect(page.getByTestId('signed-in-person')).toContainText(PERSONAS[persona].name);
    await page.context().storageState({ path: storageStatePath(persona) });
  });
}
