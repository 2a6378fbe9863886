// The accessibility bar every page meets (docs/testing.md "Accessibility and phones"): no serious
// or critical axe violation, and no horizontal scrolling (the journeys run it at 390 px too).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's serious and critical violations on the page as it is now, one line each. */
export async function blockingAxeViolations(page: Page): Promise<string[]> {
  // Only the violations are reported back: the passes and inapplicable rules are not read here, and
  // collecting their nodes costs a fifth of the run on a large page.
  //
  // Legacy mode runs axe.run() in the page itself: the default (runPartial, then finishRun) opens a
  // blank page for every scan, which cost more CPU than the scan. Legacy mode only leaves out
  // frames from another origin (or that failed to load), and the console has none: the check below
  // fails if one appears.
  const origin = new URL(page.url()).origin;
  const foreignFrames = page
    .frames()
    .filter((frame) => !/^about:(blank|srcdoc)$/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  expect(
    foreignFrames.map((frame) => frame.url()),
    'frames from another origin, which axe in legacy mode skips',
  ).toEqual([]);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export async function expectNoBlockingAxeViolations(page: Page): Promise<void> {
  expect(await blockingAxeViolations(page)).toEqual([]);
}

/** axe as above, and the page is no wider than the window. */
export async function expectAccessibleLayout(page: Page): Promise<void> {
  await expectNoBlockingAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
