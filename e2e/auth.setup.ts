// Signs each persona in once on every console and keeps the session for the specs (one file per
// persona and console: sessions live in that console's database). It posts what the sign-in form
// posts (next-auth's credentials callback, with its CSRF token) through the browser context's own
// request client, so the cookie lands in the context as the form's would, without rendering the
// sign-in page and My memories ten times. Signing in through the page itself is proven by
// auth.spec.ts and by every journey that signs in afresh (e2e/support/sign-in.ts).
import { consoleCount, consoleURL } from './support/consoles';
import { credentialsOf, PERSONAS, type Persona, storageStatePath } from './personas';
import { expect, test as setup } from './support/test';

// Independent of each other: with several workers, they share them out.
setup.describe.configure({ mode: 'parallel' });

for (let index = 0; index < consoleCount(); index++) {
  for (const persona of Object.keys(PERSONAS) as Persona[]) {
    setup(`sign in as ${persona} on console ${index + 1}`, async ({ browser }) => {
      const baseURL = consoleURL(index);
      const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const { email, password } = credentialsOf(persona);
      // The first sign-in of a run also opens the database in the server; on a busy machine that is slow.
      const { csrfToken } = (await (await context.request.get('/api/auth/csrf', { timeout: 20_000 })).json()) as { csrfToken: string };
      const signedIn = await context.request.post('/api/auth/callback/credentials', {
        headers: { origin: baseURL },
        form: { email, password, csrfToken, callbackUrl: `${baseURL}/memories`, json: 'true' },
        timeout: 20_000,
      });
      expect(signedIn.status()).toBe(200);
      expect(new URL(((await signedIn.json()) as { url: string }).url).searchParams.get('error')).toBeNull();
      const me = await context.request.get('/api/trpc/viewer.me');
      expect(me.status()).toBe(200);
      expect(JSON.stringify(await me.json())).toContain(PERSONAS[persona].name);
      await context.storageState({ path: storageStatePath(persona, index) });
      await context.close();
    });
  }
}
