// The HTTP edge against the real production server (docs/security.md): headers and CSP on every
// page, framing refused, the Origin rule, sign-in redirects, undecodable paths, size and batch caps.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath, type Persona } from './personas';

const PAGES: { persona: Persona | null; path: string }[] = [
  { persona: null, path: '/signin' },
  { persona: null, path: '/no-such-page' },
  { persona: 'alice', path: '/memories' },
  { persona: 'hana', path: '/memories' },
  { persona: 'bob', path: '/admin/review' },
  { persona: 'bob', path: '/admin/facts' },
  { persona: 'bob', path: '/admin/audit' },
  { persona: 'olga', path: '/ops' },
];

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Next's own 404 answer widens it to "private, no-cache, no-store, …"; no-store is what counts.
  expect(headers['cache-control']).toMatch(/(^|, )no-store(,|$)/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  // Served over plain http here: HSTS would be wrong.
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** Every CSP violation the page reports, from the console and from the DOM event. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

for (const { persona, path } of PAGES) {
  test.describe(`${path} as ${persona ?? 'a signed-out visitor'}`, () => {
    if (persona) test.use({ storageState: storageStatePath(persona) });

    test('sends the security headers and a nonce CSP, and runs without a single violation', async ({ page }) => {
      const violations = watchViolations(page);
      await page.addInitScript(() => {
        (window as unknown as { cspViolations: string[] }).cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await page.emulateMedia({ colorScheme: 'dark' });

      const response = await page.goto(path);
      const headers = response!.headers();
      expectSecurityHeaders(headers);
      const csp = headers['content-security-policy']!;
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
      expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');

      // The inline theme script carries the nonce and ran: dark mode is on before anything else.
      await expect(page.locator('html')).toHaveClass(/dark/);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('load');
      expect(violations).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  });
}

test('each page view gets its own nonce', async ({ request }) => {
  const nonceOf = async () => /'nonce-([^']+)'/.exec((await request.get('/signin')).headers()['content-security-policy']!)![1];
  expect(await nonceOf()).not.toBe(await nonceOf());
});

test('adds HSTS and upgrades requests when served over https behind a proxy', async ({ request }) => {
  const headers = (await request.get('/signin', { headers: { 'x-forwarded-proto': 'https' } })).headers();
  expect(headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
});

test.describe('API answers', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('carry no-store, nosniff and a CSP that allows nothing', async ({ request }) => {
    for (const path of ['/agent/memories', '/api/trpc/viewer.me']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expectSecurityHeaders(headers);
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  // GET /agent/memories skips proxy.ts (its matcher); next.config.ts sets the same headers.
  test('the read-back adds HSTS behind an https proxy, as every other answer does', async ({ request }) => {
    for (const path of ['/agent/memories', '/api/trpc/viewer.me']) {
      const headers = (await request.get(path, { headers: { 'x-forwarded-proto': 'https' } })).headers();
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

test('another site cannot show the console in a frame', async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  // A real second site on this machine: a page served from nowhere (page.route) counts as public,
  // and Chromium's private-network rule would stop it before the console's headers are read.
  const otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>other site</title><iframe src="${baseURL}/signin"></iframe>`);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = otherSite.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/framing.html`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Sign in to Memory Console' })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => otherSite.close(resolve));
  }
});

/** A tRPC mutation as a browser on `origin` (or a non-browser client, without Origin) sends it. */
function saveFact(request: APIRequestContext, key: string, origin?: string) {
  return request.post('/api/trpc/memories.save', {
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    data: JSON.stringify({ key, text: 'Stated over HTTP.' }),
  });
}

async function ownMemoryId(request: APIRequestContext, key: string): Promise<string | undefined> {
  const memories = (await (await request.get('/agent/memories')).json()) as { id: string; key: string; scope: string }[];
  return memories.find((memory) => memory.key === key && memory.scope.startsWith('actor:'))?.id;
}

test.describe('the Origin rule, as alice', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('a tRPC mutation from another site is refused with 403 and changes nothing', async ({ request }) => {
    const response = await saveFact(request, 'cross-site-save', 'https://evil.example');
    expect(response.status()).toBe(403);
    expect(JSON.stringify(await response.json())).toContain('another site');
    expect(await ownMemoryId(request, 'cross-site-save')).toBeUndefined();
  });

  test('a REST DELETE from another site is refused with 403; from the console or without Origin it deletes', async ({
    request,
    baseURL,
  }) => {
    expect((await saveFact(request, 'origin-delete', new URL(baseURL!).origin)).status()).toBe(200);
    const id = (await ownMemoryId(request, 'origin-delete'))!;
    expect(id).toBeDefined();

    const refused = await request.delete(`/agent/memories/${id}`, { headers: { origin: 'https://evil.example' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(await ownMemoryId(request, 'origin-delete')).toBe(id);

    expect((await request.delete(`/agent/memories/${id}`)).status()).toBe(204);
    expect(await ownMemoryId(request, 'origin-delete')).toBeUndefined();
  });

  test('the console’s own pages still save through the browser', async ({ page }) => {
    await page.goto('/memories');
    const result = await page.evaluate(async () => {
      const response = await fetch('/api/trpc/memories.save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'same-site-save', text: 'Saved from the console.' }),
      });
      return response.status;
    });
    expect(result).toBe(200);
  });
});

test.describe('sign-in redirects, signed in as alice', () => {
  test.use({ storageState: storageStatePath('alice') });

  for (const target of [
    '/%5Cevil.example/index.html',
    '/%5C%5Cevil.example',
    '%5C%5Cevil.example',
    '/%09/evil.example',
    '/%0A/evil.example',
    '%09//evil.example',
    '%2F%2Fevil.example',
    '//evil.example',
    'https://evil.example',
    'http://localhost.evil.example',
    'javascript:alert(document.domain)',
  ]) {
    test(`callbackUrl=${target} stays on the console`, async ({ request, baseURL }) => {
      const response = await request.get(`/signin?callbackUrl=${target}`, { maxRedirects: 0 });
      expect(response.status()).toBe(307);
      const location = new URL(response.headers()['location']!, baseURL);
      expect(location.origin).toBe(new URL(baseURL!).origin);
    });
  }

  test('the browser following /%5Cevil.example lands on the console', async ({ page, baseURL }) => {
    await page.route('http://evil.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>evil</h1>' }));
    await page.goto('/signin?callbackUrl=/%5Cevil.example/index.html');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('heading', { name: 'My memories' })).toBeVisible();
  });

  test('a same-origin target is kept', async ({ request, baseURL }) => {
    const response = await request.get('/signin?callbackUrl=%2Fadmin%2Freview%3Ftab%3Dopen', { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(new URL(response.headers()['location']!, baseURL).href).toBe(`${new URL(baseURL!).origin}/admin/review?tab=open`);
  });
});

test('next-auth sends a signed-in person only to the console, whatever callbackUrl says', async ({ request, baseURL }) => {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  for (const callbackUrl of ['https://evil.example/', '/\\evil.example', `${baseURL}/memories`]) {
    const response = await request.post('/api/auth/callback/credentials', {
      form: { csrfToken, email: 'hana@example.com', password: 'demo', callbackUrl, json: 'true' },
    });
    expect(response.status()).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).origin).toBe(new URL(baseURL!).origin);
  }
});

test.describe('undecodable paths', () => {
  test('answer the route’s own JSON error when signed out', async ({ request }) => {
    const remove = await request.delete('/agent/memories/%ff%fe');
    expect(remove.status()).toBe(401);
    expect(remove.headers()['content-type']).toMatch(/^application\/json/);
    expect(await remove.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });

    const trpc = await request.get('/api/trpc/%ff');
    expect(trpc.status()).toBe(404);
    expect(trpc.headers()['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(await trpc.json())).toContain('NOT_FOUND');
  });

  test.describe('signed in', () => {
    test.use({ storageState: storageStatePath('alice') });

    test('answer 404 for an unknown id or procedure', async ({ request }) => {
      const remove = await request.delete('/agent/memories/%ff%fe');
      expect(remove.status()).toBe(404);
      expect(await remove.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

      const trpc = await request.post('/api/trpc/%ff', { headers: { 'content-type': 'application/json' }, data: '{}' });
      expect(trpc.status()).toBe(404);

      const other = await request.get('/api/auth/%ff');
      expect(other.status()).toBe(404);
      expect(await other.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  });

  // Pages with a dynamic segment once answered a bare 500 without these headers.
  const UNDECODABLE_PAGES = ['/welcome/%ff', '/admin/people/%ff', '/admin/review/%ff%fe', '/memories/%E0%A4%A'];

  test('of pages get the console’s 404 with every security header, signed out', async ({ page }) => {
    for (const path of UNDECODABLE_PAGES) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      expectSecurityHeaders(response!.headers());
      expect(response!.headers()['content-security-policy']).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
  });

  test.describe('of pages, signed in', () => {
    test.use({ storageState: storageStatePath('bob') });

    test('get the 404 inside the console', async ({ page }) => {
      const response = await page.goto('/admin/people/%ff');
      expect(response!.status()).toBe(404);
      expectSecurityHeaders(response!.headers());
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to my memories' })).toBeVisible();
    });
  });
});

test.describe('size and batch limits, as alice', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('a tRPC body over 64 kB answers 413 and saves nothing', async ({ request }) => {
    const response = await request.post('/api/trpc/memories.save', {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ key: 'huge-body', text: 'x'.repeat(70_000) }),
    });
    expect(response.status()).toBe(413);
    expect(JSON.stringify(await response.json())).toContain('64 kB');
    expect(await ownMemoryId(request, 'huge-body')).toBeUndefined();
  });

  test('a REST body over 64 kB answers 413', async ({ request }) => {
    const response = await request.delete('/agent/memories/mem_01J00000000000000000000000', { data: 'x'.repeat(70_000) });
    expect(response.status()).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  test('a batch of 11 calls answers 400 naming the limit; 10 run', async ({ request }) => {
    const batch = (count: number) =>
      request.get(`/api/trpc/${Array(count).fill('viewer.me').join(',')}?batch=1&input=${encodeURIComponent('{}')}`);
    const refused = await batch(11);
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('at most 10 calls');
    expect((await batch(10)).status()).toBe(200);
  });
});
