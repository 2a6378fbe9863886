// The accessibility check itself (e2e/support/accessibility.ts) can fail: axe, run inside the page,
// still finds a nameless button and an image without a text alternative, and the check refuses a
// page holding a frame from another origin, which axe in that mode would leave unchecked. The probe
// page is served by Playwright under the console's address, so nothing is added to the console.
import { blockingAxeViolations } from './support/accessibility';
import { expect, test } from './support/test';

const PROBE =
  '<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1><button></button><img src="data:,"></main></body></html>';

test('the axe check finds violations in the page, and refuses a frame from another origin', async ({ page, baseURL }) => {
  const probe = `${baseURL}/accessibility-probe`;
  // The same port under another host name is another origin.
  const elsewhere = probe.replace('//localhost:', '//127.0.0.1:');
  expect(elsewhere).not.toBe(probe);
  await page.route(probe, (route) => route.fulfill({ contentType: 'text/html', body: PROBE }));
  await page.route(elsewhere, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>Elsewhere</p>' }),
  );
  await page.goto(probe);

  const found = (await blockingAxeViolations(page)).map((line) => line.slice(0, line.indexOf(':')));
  expect(found).toEqual(expect.arrayContaining(['button-name', 'image-alt']));

  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.title = 'Elsewhere';
    frame.src = src;
    document.querySelector('main')!.append(frame);
  }, elsewhere);
  await expect.poll(() => page.frames().map((frame) => frame.url())).toContain(elsewhere);
  await expect(blockingAxeViolations(page)).rejects.toThrow(/frames from another origin/);
});
