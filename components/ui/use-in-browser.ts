'use client';
// True once React runs in the browser (after hydration), false while the server renders and while
// the server's HTML is on screen before hydration. A form that handles its own submit keeps its
// button disabled until then: clicked earlier, the browser would submit the form itself, as a GET
// that puts what was typed — a password, say — into the address and the server's logs.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
