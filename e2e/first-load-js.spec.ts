// The JavaScript budget of every page (docs/benchmarks.md "First-load JavaScript"): what a first
// visit downloads before the page can be used. Each page of the console opens in a fresh browser
// context (nothing cached) as a persona who may see it; the compressed size of every script it
// loads until the network is idle, without any interaction, is summed. Next.js's and React's own
// chunks are the floor every Next.js application pays (read from the build,
// e2e/support/build-chunks.ts); the budget is on what the project adds above it. Chunks loaded
// later on demand (a dialog's code, the memory form when it opens) do not count.
import type { Page, Response } from '@playwright/test';
import { storageStatePath } from './personas';
import {
  NEXT_AUTH_CLIENT,
  readBuildChunks,
  type BuildChunks,
  signatureFits,
  TANSTACK_QUERY,
  TRPC_CLIENT,
  type LibrarySignature,
} from './support/build-chunks';
import { addressOf, CONSOLE_PAGES } from './support/console-pages';
import { consoleURL } from './support/consoles';
import { expect, test } from './support/test';

/** kB as the budget counts them: 1,024 bytes of compressed transfer. */
const KB = 1024;
/** Above the floor, per path; every other page gets DEFAULT_BUDGET. */
const BUDGETS: Record<string, number> = {
  // The sign-in form and nothing else: no tRPC, no TanStack Query, no next-auth client.
  '/signin': 10 * KB,
  // Room for charting code; the console's own charts take far less (docs/benchmarks.md).
  '/ops': 125 * KB,
};
const DEFAULT_BUDGET = 45 * KB;
/** Libraries a page must not load at all, by path (`*`: every page). */
const BANNED: { paths: string[] | '*'; library: LibrarySignature }[] = [
  // Signing in and out talk to next-auth's endpoints directly (components/auth/).
  { paths: '*', library: NEXT_AUTH_CLIENT },
  { paths: ['/signin'], library: TRPC_CLIENT },
  { paths: ['/signin'], library: TANSTACK_QUERY },
];

interface Script {
  url: string;
  /** Compressed bytes on the wire (the response body as received). */
  bytes: number;
  text: string;
}

/**
 * Every script the page loads, as it arrives (once per address), until `stop` is called. `stop`
 * stops listening and waits for what arrived before it: a chunk that starts loading later (on
 * demand, or a link's prefetch) is not part of the first load, and reading its body after the
 * context closes would fail the test for nothing.
 */
function collectScripts(page: Page, origin: string): { stop: () => Promise<Script[]> } {
  const scripts: Promise<Script>[] = [];
  const seen = new Set<string>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url());
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const script = (async () => {
      // A script from elsewhere would be one the budget cannot see: say so rather than skip it.
      expect(url.origin, `a script from another origin: ${url.href}`).toBe(origin);
      const [sizes, text] = await Promise.all([response.request().sizes(), response.text()]);
      // The server compresses what is worth it (`next start`: from 1 kB on); a larger script sent as
      // it is would mean the measurement is not of compressed transfer at all.
      if (sizes.responseBodySize > 1024)
        expect(response.headers()['content-encoding'], `${url.pathname} is served uncompressed`).toMatch(/^(gzip|br|zstd|deflate)$/);
      return { url: url.pathname, bytes: sizes.responseBodySize, text };
    })();
    // Its failure reaches the test through `stop`. Without `stop` (the test failed before measuring),
    // a body no longer readable once the context closes must not add an error of its own.
    script.catch(() => {});
    scripts.push(script);
  };
  page.on('response', onResponse);
  return {
    stop: () => {
      page.off('response', onResponse);
      return Promise.all(scripts);
    },
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

// Read once per worker, when the first test runs: Playwright lists the tests before the launcher builds.
let build: BuildChunks | undefined;

test('the banned libraries still carry the text that gives them away', () => {
  // A library that renamed the text its signature looks for would pass the check below unseen.
  for (const { library } of BANNED)
    expect(signatureFits(library), `${library.name}: "${library.text}" is no longer in ${library.file}`).toBe(true);
});

// Each page loads in a context of its own: independent of each other, the workers share them out.
test.describe.configure({ mode: 'parallel' });

const measured = new Set<string>();
for (const entry of CONSOLE_PAGES) {
  const { path, persona, ready } = entry;
  const key = `${path} ${persona ?? ''}`;
  if (measured.has(key)) continue;
  measured.add(key);
  const budget = BUDGETS[new URL(path, 'http://localhost').pathname] ?? DEFAULT_BUDGET;

  test(`${path} as ${persona ?? 'nobody signed in'} loads at most ${kb(budget)} of JavaScript above the framework's`, async ({
    browser,
  }, testInfo) => {
    const baseURL = consoleURL(testInfo.parallelIndex);
    const context = await browser.newContext({ baseURL, storageState: persona ? storageStatePath(persona) : { cookies: [], origins: [] } });
    try {
      const page = await context.newPage();
      // Found through the API (no page load), so nothing is cached before the measurement.
      const address = await addressOf(entry, page);
      const pathname = new URL(address, 'http://localhost').pathname;
      const arriving = collectScripts(page, new URL(baseURL).origin);
      await page.goto(address, { waitUntil: 'networkidle' });
      // What loaded until the network was idle; anything later (a link's prefetch) is not first-load.
      const scripts = await arriving.stop();
      // The page as its visitor sees it, not a redirect or an error: the measurement is of the real thing.
      expect(new URL(page.url()).pathname).toBe(pathname);
      await ready(page);
      const chunks = (build ??= readBuildChunks());

      const floor = scripts.filter((script) => chunks.floor.has(script.url));
      const project = scripts.filter((script) => !chunks.floor.has(script.url)).sort((a, b) => b.bytes - a.bytes);
      const sum = (list: Script[]) => list.reduce((total, script) => total + script.bytes, 0);
      const above = sum(project);
      const summary = `${path}: ${kb(sum(scripts))} in ${scripts.length} scripts, ${kb(sum(floor))} of them the framework's, ${kb(above)} above it (budget ${kb(budget)})`;
      testInfo.annotations.push({ type: 'first-load JavaScript', description: summary });
      console.log(summary);

      const largest = project.slice(0, 5).map((script) => `  ${script.url} ${kb(script.bytes)}: ${chunks.describe(script.url)}`);
      expect(above, `${summary}. The largest of the project's chunks:\n${largest.join('\n')}\n`).toBeLessThanOrEqual(budget);

      for (const { paths, library } of BANNED) {
        if (paths !== '*' && !paths.includes(pathname)) continue;
        const carriers = scripts
          .filter((script) => script.text.includes(library.text))
          .map((script) => `${script.url} (${chunks.describe(script.url)})`);
        expect(carriers, `${path} loads ${library.name}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
}
