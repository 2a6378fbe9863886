// The worst moment to change a search box: its words have just gone into the address (the box sends
// them a moment after typing stops), and the page has not yet rendered with the new address. What
// is typed then must survive the page catching up (components/ui/debounced-draft.ts).
import type { Page } from '@playwright/test';

/**
 * Types `words` into the box labelled `label`, and empties the box in the same instant the page puts
 * `words` into the address, before React renders that address.
 */
export async function typeThenClearAsTheAddressChanges(page: Page, label: string, words: string): Promise<void> {
  await page.evaluate(
    ({ label, words }) => {
      const push = history.pushState;
      history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
        push.apply(this, args);
        if (new URL(String(args[2]), location.href).searchParams.get('q') !== words) return;
        history.pushState = push;
        const box = [...document.querySelectorAll('input')].find((input) => input.labels?.[0]?.textContent?.trim() === label)!;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, '');
        box.dispatchEvent(new Event('input', { bubbles: true }));
      };
    },
    { label, words },
  );
  await page.getByLabel(label).fill(words);
}
