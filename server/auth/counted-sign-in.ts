// The e-mail the sign-in throttle counted for the request being handled (server/http/sign-in-route.ts).
// The credentials check (server/auth/options.ts, `authorize`) refuses any other e-mail, and a
// check no throttle counted at all: a second guard, should next-auth ever be reached another way
// or read its body differently from the throttle. Per request, in this process only: it never
// outlives the request it was set for.
import { AsyncLocalStorage } from 'node:async_hooks';

const counted = new AsyncLocalStorage<string>();

/** Runs `handle` (next-auth answering the sign-in) with `email` as the one the throttle counted. */
export function withCountedSignIn<T>(email: string, handle: () => Promise<T>): Promise<T> {
  return counted.run(email, handle);
}

/** Whether the throttle counted exactly this e-mail for the request being handled. */
export function isCountedSignIn(email: string): boolean {
  return counted.getStore() === email;
}
