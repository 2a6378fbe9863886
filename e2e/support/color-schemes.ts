// Checking a page in light and in dark without opening it twice (docs/testing.md "Accessibility and
// phones"): the system preference is switched on the open page. A page with the console's header
// follows it at once (the header's theme choice re-applies "system" on the media change,
// components/shell/theme-toggle.tsx); a page without the header (signed out, the runtime API's
// reference) is reloaded, and the pre-paint theme script picks the new preference up. Loading a
// page in dark straight away is proven by e2e/security.spec.ts.
import { expect, type Page } from '@playwright/test';

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export interface SchemeSwitch {
  /** The page mounts no theme choice that follows the system: reload it to change the theme. */
  reload?: boolean;
}

/**
 * Shows the page in `colorScheme` and waits until the document says so (`html.dark` or not) and
 * every colour has arrived: controls with `transition-colors` fade to the new theme's colours, and
 * axe measuring contrast halfway through that fade finds colours neither theme has.
 */
export async function showColorScheme(page: Page, colorScheme: ColorScheme, { reload = false }: SchemeSwitch = {}): Promise<void> {
  const shown = await page.evaluate(() => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  if (shown !== colorScheme) {
    await page.emulateMedia({ colorScheme });
    if (reload) await page.reload();
  }
  await expect(page.locator('html.dark')).toHaveCount(colorScheme === 'dark' ? 1 : 0);
  // Reading the animations brings the styles up to date, so the fades the switch started are among them.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished),
    ),
  );
}

/** Runs `check` on the page as it stands, first in light, then in dark (where it stays). */
export async function inLightAndDark(
  page: Page,
  check: (colorScheme: ColorScheme) => Promise<void>,
  options: SchemeSwitch = {},
): Promise<void> {
  for (const colorScheme of COLOR_SCHEMES) {
    await showColorScheme(page, colorScheme, options);
    await check(colorScheme);
  }
}
