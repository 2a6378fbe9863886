// Which Chromium the end-to-end tests drive (Playwright's own browser download is not available
// everywhere). Read by playwright.config.ts and checked first by `npm test` (scripts/test.ts).
import { existsSync } from 'node:fs';

export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** What to do when there is no Chromium, or null when there is one. */
export function missingChromium(env: Record<string, string | undefined> = process.env): string | null {
  const chromium = chromiumPath(env);
  if (existsSync(chromium)) return null;
  return (
    `No Chromium at ${chromium}. Install one (Debian/Ubuntu: \`sudo apt-get install -y chromium\`) ` +
    'or point CHROMIUM_PATH at a Chromium or Chrome executable.'
  );
}
