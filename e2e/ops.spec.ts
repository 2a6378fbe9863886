// Operations (docs/features.md "Operations"): Olga sees the seeded Hamburg alert and its fixes; she
// acknowledges and resolves an alert of her own, opened for Berlin through the ingest API with a
// token she creates (so the seeded alert stays open for other specs); events posted through the API
// appear in the charts after a refresh; Bob sees only Berlin; axe is clean; the chart code loads
// only on this page.
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from './support/test';
import { credentialsOf, DEMO_PASSWORD, PERSONAS, storageStatePath } from './personas';
import { freshSignIn } from './support/sign-in';
import { createDemoTokens, demoBatch, postDemoBatch } from '../scripts/demo-traffic';
import { bucketSizeFor, OPS_RANGE_MS } from '../server/domain/ops-window';
import { DEMO_USERS } from '../server/services/seed/demo-data';
import { expectNoBlockingAxeViolations } from './support/accessibility';

function turn(pinnedOmitted: number, at = new Date()) {
  return {
    type: 'memory.resolved',
    at: at.toISOString(),
    tenantRef: 'berlin',
    scopes: ['tenant:berlin'],
    offered: 9,
    omitted: 2,
    pinnedOmitted,
    recalled: 1,
    promptChars: 2500,
  };
}

/** An events token for Berlin, created through the tRPC API by a freshly signed-in operator. */
async function createEventsToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const response = await request.post('/api/trpc/tokens.create', {
    headers: { origin: baseURL },
    data: { name: `e2e ops ${Date.now()}`, tenantRef: 'berlin', permissions: ['events:write'] },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { secret: string } } }).result.data.secret;
}

/** The sum of a chart's table column (its numbers, as a person reads them). */
async function tableTotal(page: Page, chart: string): Promise<number> {
  const card = page.getByRole('region', { name: chart, exact: true });
  await card.getByText('Show as table').click();
  const cells = await card.locator('tbody td').allTextContents();
  await card.getByText('Show as table').click();
  return cells.reduce((sum, text) => sum + (Number(text) || 0), 0);
}

test('an operator sees the seeded Hamburg alert, handles an alert of her own, and new events reach the charts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await freshSignIn(browser, credentialsOf('olga'));
  const secret = await createEventsToken(page.request, baseURL!);

  await page.getByRole('link', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
  const hamburg = page.getByTestId('alert-row').filter({ hasText: 'Hamburg' }).filter({ hasText: 'Open' }).first();
  await hamburg.getByRole('button', { name: /Open the alert/ }).click();
  const detail = page.getByRole('dialog', { name: /Always-on facts left out — Hamburg/ });
  // Acknowledge is the primary action and has the focus; the history is collapsed, newest first.
  await expect(detail.getByRole('button', { name: 'Acknowledge…' })).toBeFocused();
  await expect(detail.getByRole('list', { name: 'Alert history' })).toBeHidden();
  await detail.getByText(/^History \(/).click();
  await expect(detail.getByRole('list', { name: 'Alert history' })).toContainText('Opened');
  // The forecast from today's pins and limits names the people, never their actor tokens.
  const forecast = detail.getByTestId('alert-forecast');
  await expect(forecast).toContainText('A forecast from today’s always-on facts');
  await expect(forecast).toContainText('Hana Hoffmann');
  await expect(forecast).toContainText('Jonas Jäger');
  await expect(forecast).not.toContainText('actor:');
  // The limit in the console's one word for it, as Settings and My memories name it.
  await expect(forecast).toContainText(/\d+ always-on facts?, a limit of \d+ memor(?:y|ies) per turn\. Left out:/);
  await expect(detail.getByRole('link', { name: 'always-on facts', exact: true })).toHaveAttribute(
    'href',
    '/admin/facts?scope=tenant%3Ahamburg',
  );
  await expect(detail).not.toContainText('maxMemories');
  await detail.getByRole('button', { name: 'Close' }).click();

  // Events through the real ingest endpoint: one turn dropped a pinned fact (opens Berlin's alert).
  await page.goto('/ops?range=1h&tenant=berlin');
  await expect(page.getByRole('heading', { name: 'Diagnostics for Berlin office' })).toBeVisible();
  const before = (await page.getByTestId('ops-chart').count()) > 0 ? await tableTotal(page, 'Turns') : 0;
  const posted = await page.request.post('/api/runtime/events', {
    headers: { authorization: `Bearer ${secret}` },
    data: [turn(0), turn(0), turn(2)],
  });
  expect(posted.status()).toBe(202);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Turns', exact: true })).toBeVisible();
  expect(await tableTotal(page, 'Turns')).toBe(before + 3);

  const berlin = page.getByTestId('alert-row').filter({ hasText: 'Berlin' }).filter({ hasText: 'Open' }).first();
  await berlin.getByRole('button', { name: /Open the alert/ }).click();
  // Hand it to Berlin's administrators: recorded, and a link they can open.
  const handoff = page.getByRole('dialog').getByTestId('alert-handoff');
  await handoff.getByRole('button', { name: 'Notify administrators' }).click();
  await expect(handoff.getByRole('status')).toContainText('Noted in the history');
  const link = await handoff.getByLabel('Link for the administrators').inputValue();
  expect(link).toMatch(/\/ops\?alert=alr_/);
  await page
    .getByRole('dialog')
    .getByText(/^History \(/)
    .click();
  await expect(page.getByRole('dialog').getByRole('list', { name: 'Alert history' }).getByRole('listitem').first()).toContainText(
    'Handed to the administrators by Olga Ostrowski',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge…' }).click();
  const acknowledge = page.getByRole('dialog', { name: /Acknowledge the alert for Berlin office/ });
  await expect(acknowledge.getByLabel('Note')).toBeFocused();
  await acknowledge.getByLabel('Note').fill('e2e: unpinning the old travel policy');
  await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is acknowledged' })).toBeFocused();
  const acknowledged = page.getByTestId('alert-row').filter({ hasText: 'e2e: unpinning the old travel policy' });
  await expect(acknowledged).toContainText('Acknowledged');
  await expectNoBlockingAxeViolations(page);

  // Resolve it again, so Berlin has no open alert for the other specs.
  await acknowledged.getByRole('button', { name: /Open the alert/ }).click();
  await page
    .getByRole('dialog')
    .getByText(/^History \(/)
    .click();
  await expect(page.getByRole('dialog').getByRole('list', { name: 'Alert history' })).toContainText('by Olga Ostrowski: “e2e: unpinning');
  await page.getByRole('dialog').getByRole('button', { name: 'Resolve…' }).click();
  await page
    .getByRole('dialog', { name: /Resolve the alert/ })
    .getByRole('button', { name: 'Resolve' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'is resolved' })).toBeFocused();

  // Bob, Berlin's administrator, opens the hand-off link: the alert's detail opens with the page.
  const bob = await freshSignIn(browser, credentialsOf('bob'));
  await bob.page.goto(new URL(link).pathname + new URL(link).search);
  await expect(bob.page.getByRole('dialog', { name: /Always-on facts left out — Berlin/ })).toBeVisible();
  await bob.context.close();
  await context.close();
});

test.describe('the time range, as Olga', () => {
  test.use({ storageState: storageStatePath('olga') });

  test('a from/to that is not a date says so in plain words; the custom range picker; a past range without data says so', async ({
    page,
  }) => {
    await page.goto('/ops?from=yesterday');
    const problem = page.getByTestId('ops-range-problem');
    await expect(problem).toHaveText(/The start \(from\) is not a date and time/);
    await expect(page.locator('main')).not.toContainText('(?:');
    await expect(page.locator('main')).not.toContainText('\\d');
    await expect(page.getByTestId('ops-headline')).toHaveCount(0);

    await page.getByLabel('From (UTC)').fill('2025-01-01T00:00');
    await page.getByLabel('To (UTC, empty: now)').fill('2025-01-02T00:00');
    await page.getByRole('button', { name: 'Show this range' }).click();
    await expect(page).toHaveURL(/from=2025-01-01T00%3A00Z&to=2025-01-02T00%3A00Z/);
    await expect(problem).toHaveCount(0);
    const empty = page.getByTestId('ops-no-data');
    await expect(empty).toContainText('No diagnostics arrived in this time range');
    await expect(empty).toContainText('1 Jan 2025');
    await expect(page.getByTestId('ops-empty')).toHaveCount(0);

    // A picked range that runs backwards is refused next to the picker, before the address changes.
    await page.getByLabel('From (UTC)').fill('2025-01-03T00:00');
    await page.getByRole('button', { name: 'Show this range' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'must be before the end' })).toBeVisible();
    await expectNoBlockingAxeViolations(page);
  });

  test('headline numbers first; a hole in the data is a gap, not a line; the current bucket is marked; the crosshair reads by keyboard', async ({
    page,
    baseURL,
  }) => {
    const secret = await createEventsToken(page.request, baseURL!);
    // The turn posted now must still be in the current bucket when the page draws it: near a bucket's
    // end, wait for the next one to begin.
    const bucketMs = bucketSizeFor(OPS_RANGE_MS['1h']);
    const left = bucketMs - (Date.now() % bucketMs);
    if (left < 15_000) await page.waitForTimeout(left + 100);
    const posted = await page.request.post('/api/runtime/events', {
      headers: { authorization: `Bearer ${secret}` },
      data: [turn(0, new Date(Date.now() - 40 * 60_000)), turn(0)],
    });
    expect(posted.status()).toBe(202);
    await page.goto('/ops?range=1h&tenant=berlin');
    const headline = page.getByTestId('ops-headline');
    await expect(headline).toContainText('Turns dropping always-on facts');
    await expect(headline).toContainText('Prompt size, p95');
    await expect(headline).toContainText('Open alerts');
    const turns = page.getByRole('region', { name: 'Turns', exact: true });
    await expect(turns.locator('[data-testid="chart-gaps"] rect').first()).toBeAttached();
    await expect(turns.locator('[data-testid="chart-incomplete"]')).toHaveCount(1);
    await turns.getByText('Show as table').click();
    await expect(turns.locator('tbody tr[data-status="gap"]').first()).toContainText('No data arrived');
    await expect(turns.locator('tbody tr').last()).toContainText('(still filling)');
    await expect(turns.getByRole('columnheader', { name: 'Time (UTC)' })).toBeVisible();
    // Keyboard: focus the chart, step back one bucket; its numbers are announced, and every chart shows the same crosshair.
    const chart = turns.getByRole('group', { name: /Turns chart/ });
    await chart.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(chart.locator('[aria-live="polite"]')).toContainText(/UTC/);
    await expect(page.locator('svg.ops-chart-surface line[stroke-opacity="0.5"]')).toHaveCount(await page.getByTestId('ops-chart').count());
    await expectNoBlockingAxeViolations(page);
  });
});

test.describe('as Bob, Berlin’s administrator', () => {
  test.use({ storageState: storageStatePath('bob') });

  test('sees Operations for Berlin only', async ({ page }) => {
    await page.goto('/memories');
    await page.getByRole('link', { name: 'Operations' }).click();
    await expect(page.getByRole('heading', { name: 'Diagnostics for Berlin office' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
    await expect(page.getByTestId('alert-row').filter({ hasText: 'Hamburg' })).toHaveCount(0);
    await page.goto('/ops?tenant=hamburg');
    await expect(page.getByRole('alert').filter({ hasText: 'does not exist or is not visible to you' }).first()).toBeVisible();
  });
});

test.describe('as Olga', () => {
  test.use({ storageState: storageStatePath('olga') });

  test('the chart code loads on Operations and on no other page', async ({ page }) => {
    // The chart's class name (ops-chart-surface, components/ops/ops-chart.tsx) is a string in its
    // code, so it survives minification: a script carrying it carries the charts.
    const scriptsOf = async (path: string, ready: () => Promise<void>) => {
      const bodies: Promise<string>[] = [];
      const listener = (response: Response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
      };
      page.on('response', listener);
      await page.goto(path);
      await ready();
      page.off('response', listener);
      return Promise.all(bodies);
    };
    const memories = await scriptsOf('/memories', () => expect(page.getByRole('heading', { name: 'My memories', level: 1 })).toBeVisible());
    expect(memories.length).toBeGreaterThan(0);
    expect(memories.filter((body) => body.includes('ops-chart-surface'))).toHaveLength(0);
    const ops = await scriptsOf('/ops?range=7d', () => expect(page.locator('svg.ops-chart-surface').first()).toBeVisible());
    expect(ops.filter((body) => body.includes('ops-chart-surface')).length).toBeGreaterThan(0);
  });
});

test('npm run demo:traffic signs in to the running console, makes its tokens and posts batches that reach the rollups', async ({
  baseURL,
}) => {
  // Its writes land only where an assistant can write: the person's own (actor) scope, of one of the
  // tenant's own people (a write reported at a scope the tenant does not hold is refused).
  for (const tenantRef of ['berlin', 'hamburg']) {
    const people = DEMO_USERS.filter((user) => user.tenantRef === tenantRef).map((user) => `actor:${user.actorRef}`);
    const writes = Array.from({ length: 20 }, () => demoBatch(tenantRef, Date.now()))
      .flat()
      .filter((event) => event.type === 'memory.written');
    expect(writes.length).toBeGreaterThan(0);
    for (const event of writes) expect(people).toContain('scope' in event && event.scope);
  }
  // The script's own functions (scripts/demo-traffic.ts), against this started console over HTTP.
  const senders = await createDemoTokens(baseURL!, PERSONAS.olga.email, DEMO_PASSWORD, ['berlin', 'hamburg']);
  expect(senders.map((sender) => sender.tenantRef)).toEqual(['berlin', 'hamburg']);
  // The Prometheus endpoint reads the same rollups as the charts.
  const [metrics] = await createDemoTokens(baseURL!, PERSONAS.olga.email, DEMO_PASSWORD, ['hamburg'], ['metrics:read']);
  const hamburgTurns = async () => {
    const response = await fetch(new URL('/api/metrics', baseURL), { headers: { authorization: `Bearer ${metrics!.secret}` } });
    const line = (await response.text()).split('\n').find((text) => text.startsWith('memory_resolved_turns_total{tenant="hamburg"}'));
    return Number(line?.split(' ')[1] ?? 0);
  };
  const before = await hamburgTurns();
  let resolved = 0;
  for (const sender of senders) {
    const { status, text } = await postDemoBatch(baseURL!, sender);
    expect(status, text).toBe(202);
    if (sender.tenantRef === 'hamburg') resolved = (JSON.parse(text) as { resolved: number }).resolved;
  }
  expect(resolved).toBeGreaterThan(0);
  expect(await hamburgTurns()).toBe(before + resolved);
});
