// Waiting until React has taken over the page the server sent. Until then a click on a button does
// nothing (its handler is not attached yet), Enter in a field may submit the bare HTML form, and
// typing into a controlled field can be overwritten: a test that acts as soon as the HTML is visible
// races the page's script. A real person rarely beats it; a test on a busy machine often does.
import type { Page, Response } from '@playwright/test';

/**
 * Resolves once React listens on the document and every link and control on the page is one React
 * has hydrated (React keeps its props on each element it owns, under a `__reactProps$…` key). A
 * page that is not the console's (no Next.js payload, `self.__next_f`) has nothing to wait for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Every script in the HTML has run by then, so a console page has its payload.
  await page.waitForLoadState('load');
  await page.waitForFunction(() => {
    if (!('__next_f' in self)) return true;
    const owned = (node: object) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));
    if (!Object.keys(document).some((key) => key.startsWith('_reactListening'))) return false;
    return [...document.querySelectorAll('a[href], button, input, select, textarea')].every(owned);
  });
}

const isPage = (response: Response | null) => (response?.headers()['content-type'] ?? '').startsWith('text/html');

/** Makes `page.goto` and `page.reload` return only once the page they load is hydrated. */
export function hydrateOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (isPage(response)) await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    if (isPage(response)) await waitForHydration(page);
    return response;
  };
  return page;
}
