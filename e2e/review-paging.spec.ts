// A review key held by more people than one page of its detail (docs/features.md "Review queue",
// "Details"): the first 200 conclusions, newest first, then "Show more conclusions" adds the rest,
// moves focus to the first one it added, and goes once every conclusion is shown. The data:
// support/long-review-key.ts.
import { expect, test } from './support/test';
import { CROWD_ADMIN, LONG_KEY, LONG_KEY_PEOPLE } from './support/long-review-key';
import { expectNoBlockingAxeViolations } from './support/accessibility';
import { signIn } from './support/sign-in';

const commuter = (i: number) => `Person e2e-commuter-${String(i).padStart(3, '0')}`;

test('a key’s detail shows every conclusion, 200 at a time', async ({ page }) => {
  // The accessibility scan of a long list is slow on a busy machine; no assertion depends on time.
  test.slow();
  await signIn(page, CROWD_ADMIN, { timeout: 20_000 });
  await page.goto(`/admin/review/${LONG_KEY}`);
  const rows = page.getByRole('list', { name: 'Conclusions' }).getByRole('listitem');
  await expect(rows).toHaveCount(200);
  await expect(rows.first()).toContainText(commuter(LONG_KEY_PEOPLE - 1));
  await expect(page.getByText(`Showing 200 of ${LONG_KEY_PEOPLE} conclusions`)).toBeVisible();

  await page.getByRole('button', { name: 'Show more conclusions' }).click();
  await expect(rows).toHaveCount(LONG_KEY_PEOPLE);
  // Focus lands on the first conclusion the page added; each person once, newest first.
  await expect(rows.nth(200)).toBeFocused();
  await expect(rows.nth(200)).toContainText(commuter(LONG_KEY_PEOPLE - 201));
  const names = await rows.locator('p.font-medium').allTextContents();
  expect(names).toEqual(Array.from({ length: LONG_KEY_PEOPLE }, (_, i) => commuter(LONG_KEY_PEOPLE - 1 - i)));
  await expect(page.getByText(`Showing ${LONG_KEY_PEOPLE} of ${LONG_KEY_PEOPLE} conclusions`)).toBeVisible();
  await expect(page.getByRole('button', { name: /more conclusions/ })).toHaveCount(0);
  await expectNoBlockingAxeViolations(page);
});
