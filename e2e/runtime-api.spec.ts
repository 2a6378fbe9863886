// The runtime API's reference page and document, served by the app itself (docs/runtime-api.md "The
// runtime's memory API"): no outside scripts, no CSP violation, no serious axe finding, light and
// dark, at phone width; the routes answer JSON.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessibleLayout } from './support/accessibility';
import { inLightAndDark } from './support/color-schemes';

test.use({ storageState: { cookies: [], origins: [] } });

function watchCsp(page: Page) {
  return page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

test('the reference page renders the document for people (light and dark, 390 px)', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await page.setViewportSize({ width: 390, height: 844 });
  await watchCsp(page);
  const outside: string[] = [];
  page.on('request', (request) => {
    if (/^https?:/.test(request.url()) && new URL(request.url()).origin !== origin) outside.push(request.url());
  });
  await page.goto('/docs/runtime-api');
  // Each scheme is a page load of its own (no console header here to follow the system's theme).
  await inLightAndDark(
    page,
    async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Memory Console runtime API' })).toBeVisible();
      for (const name of [
        'List the memories at some scopes',
        'Search the memories at some scopes, or of a person',
        'Send diagnostics (memory.resolved, memory.written)',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      const write = page.getByRole('region', { name: 'Write a conclusion about the person the assistant runs for' });
      await write.getByText('Request body').click();
      await expect(write.getByLabel('Request body (JSON Schema)')).toContainText('"additionalProperties": false');
      // Descriptions' code spans are code, not literal backticks; a way back to the console.
      const prose = await page
        .locator('main')
        .evaluate((main) => [...main.querySelectorAll('p, td')].map((element) => element.textContent ?? '').join('\n'));
      expect(prose).not.toContain('`');
      await expect(page.getByRole('link', { name: /Back to the console/ })).toHaveAttribute('href', '/');

      await expectAccessibleLayout(page);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    },
    { reload: true },
  );
  expect(outside).toEqual([]);
});

test('the OpenAPI document and the memory endpoints answer JSON', async ({ request }) => {
  const document = await request.get('/api/runtime/openapi.json');
  expect(document.status()).toBe(200);
  expect(await document.json()).toMatchObject({
    openapi: '3.1.0',
    paths: { '/api/runtime/memories/list': { post: {} }, '/api/runtime/events': { post: {} } },
  });
  const unauthenticated = await request.post('/api/runtime/memories/list', { data: { scopes: ['global'] } });
  expect(unauthenticated.status()).toBe(401);
  expect(await unauthenticated.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  const unknown = await request.post('/api/runtime/memories/delete-everything', { data: {} });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
});
