// Which Chromium the end-to-end tests drive (Playwright's own browser download is not available
// everywhere). Read by playwright.config.ts and checked first by `npm test` (scripts/test.ts).
// Debian's old headless shell is preferred: the full browser, run headless, took about a quarter
// longer over the whole suite on two cores (docs/operations.md "Configuration", CHROMIUM_PATH).
import { existsSync } from 'node:fs';
import { configOf, type Env } from '../server/config/env';

const INSTALLED = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** CHROMIUM_PATH when set, else the first of Debian's two builds that is installed. */
export function chromiumPath(env?: Env): string | null {
  return configOf(env).CHROMIUM_PATH ?? INSTALLED.find((file) => existsSync(file)) ?? null;
}

/** What to do when there is no Chromium, or null when there is one. */
export function missingChromium(env?: Env): string | null {
  const chromium = chromiumPath(env);
  if (chromium && existsSync(chromium)) return null;
  return (
    `No Chromium at ${chromium ?? INSTALLED.join(' or ')}. Install one (Debian/Ubuntu: ` +
    '`sudo apt-get install -y chromium-headless-shell`) or point CHROMIUM_PATH at a Chromium or Chrome executable.'
  );
}
