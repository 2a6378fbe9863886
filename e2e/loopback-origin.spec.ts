// The console opened at another address than its own (NEXTAUTH_URL, http://localhost:<port> in
// the tests). On this machine, 127.0.0.1 is the same console: sign-in comes back there and changes
// are taken (docs/sign-in-and-network.md "One origin on this machine"). Any other address, as
// behind a proxy the console does not know about, gets a sign-in page and a refusal that say which
// address to use and which variable sets it.
import { expect, test } from './support/test';
import { openAccountMenu } from './support/account-menu';
import { DEMO_PASSWORD, PERSONAS } from './personas';

test('signed in at 127.0.0.1, the console keeps you there and takes your changes', async ({ page, baseURL }) => {
  const loopback = baseURL!.replace('//localhost:', '//127.0.0.1:');
  // A return address on localhost, as next-auth writes them: it comes back on 127.0.0.1.
  await page.goto(`${loopback}/signin?callbackUrl=${encodeURIComponent(`${baseURL}/memories`)}`);
  await page.getByLabel('Email').fill(PERSONAS.hana.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My memories' })).toBeVisible();
  expect(page.url()).toBe(`${loopback}/memories`);

  const saved = await page.evaluate(async () => {
    const response = await fetch('/api/trpc/memories.save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'loopback-save', text: 'Saved at 127.0.0.1.' }),
    });
    return response.status;
  });
  expect(saved).toBe(200);

  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${loopback}/signin`);
});

test('at an address that is not the console’s, the sign-in page and a refused change name its address and NEXTAUTH_URL', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // A name the browser takes to this machine that is none of the console's names, as a proxy's would be.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP console.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    const elsewhere = baseURL!.replace('//localhost:', '//console.test:');
    await page.goto(`${elsewhere}/signin`);
    await expect(page.getByRole('status')).toContainText(
      `This console's address is ${baseURL} (set by NEXTAUTH_URL where it runs), but this page is open at ${elsewhere}`,
    );
    await expect(page.getByRole('link', { name: `Open ${baseURL}` })).toHaveAttribute('href', `${baseURL}/signin`);

    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/trpc/memories.save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: response.status, body: await response.text() };
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(`only from its own pages at ${baseURL} (its address, set by NEXTAUTH_URL)`);
  } finally {
    await browser.close();
  }
});
