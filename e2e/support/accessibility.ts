// The accessibility bar every page meets (README "Security" and "How it is built"): no serious or
// critical axe violation, and no horizontal scrolling (the journeys run it at 390 px too).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's serious and critical violations on the page as it is now, one line each. */
export async function blockingAxeViolations(page: Page): Promise<string[]> {
  // Only the violations are reported back: the passes and inapplicable rules are not read here, and
  // collecting their nodes costs a fifth of the run on a large page.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
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
