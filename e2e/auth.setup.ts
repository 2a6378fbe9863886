// Signs each persona in once on every console through the real sign-in page and keeps the session
// for the specs (one file per persona and console: sessions live in that console's database).
import { consoleCount, consoleURL } from './support/consoles';
import { credentialsOf, PERSONAS, type Persona, storageStatePath } from './personas';
import { signIn } from './support/sign-in';
import { expect, test as setup } from './support/test';

// Independent of each other: with several workers, they share them out.
setup.describe.configure({ mode: 'parallel' });

for (let index = 0; index < consoleCount(); index++) {
  for (const persona of Object.keys(PERSONAS) as Persona[]) {
    setup(`sign in as ${persona} on console ${index + 1}`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: consoleURL(index), storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      // The first sign-in of a run also opens the database in the server; on a busy machine that is slow.
      await signIn(page, credentialsOf(persona), { timeout: 20_000 });
      await expect(page.getByTestId('signed-in-person')).toContainText(PERSONAS[persona].name);
      await context.storageState({ path: storageStatePath(persona, index) });
      await context.close();
    });
  }
}
