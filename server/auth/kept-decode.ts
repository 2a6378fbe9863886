// The session cookie's payload, decoded once per process and kept (docs/architecture.md, step 4).
// next-auth's decode derives the key from the secret (HKDF) and decrypts the cookie on every
// request: a few tenths of a millisecond of CPU on each page and tRPC call, for the same answer
// each time, since the same cookie text always holds the same payload. Only the decoding is kept:
// whether the session it names is still open is asked of the database on every request
// (loadSessionViewer), so a kept payload never outlives a sign-out or a revocation.
import { decode, type JWT, type JWTDecodeParams } from 'next-auth/jwt';

/** How many cookies' payloads a process keeps; the one used longest ago is forgotten first. */
export const KEPT_COOKIES = 1_000;

/** The leeway on `exp` that next-auth's decode allows (jose's `clockTolerance`), in seconds. */
const CLOCK_TOLERANCE_S = 15;

interface KeptDecodeOptions {
  limit?: number;
  /** The clock, ms since the epoch. */
  now?: () => number;
  /** The decoder whose answers are kept (next-auth's). */
  inner?: (params: JWTDecodeParams) => Promise<JWT | null>;
}

/**
 * A decode for next-auth's getToken that answers a cookie it decoded before from what it kept, as
 * long as the payload's `exp` (with next-auth's leeway) has not passed; anything else goes to
 * `inner`, and a failure there is thrown as before (getToken turns it into "signed out"). Only
 * payloads that carry an `exp` are kept; a change of secret forgets everything.
 */
export function keptDecode({ limit = KEPT_COOKIES, now = Date.now, inner = decode }: KeptDecodeOptions = {}) {
  const kept = new Map<string, Readonly<JWT>>();
  let keptFor: JWTDecodeParams['secret'] | undefined;
  return async (params: JWTDecodeParams): Promise<JWT | null> => {
    if (params.salt || !params.token) return inner(params);
    if (params.secret !== keptFor) {
      kept.clear();
      keptFor = params.secret;
    }
    const hit = kept.get(params.token);
    if (hit) {
      kept.delete(params.token);
      if (current(hit, now())) {
        kept.set(params.token, hit); // now the most recently used
        return { ...hit };
      }
    }
    const payload = await inner(params);
    if (payload && typeof payload.exp === 'number' && current(payload, now())) {
      kept.set(params.token, Object.freeze({ ...payload }));
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    }
    return payload;
  };
}

/** Whether `payload`'s `exp` still holds at `nowMs`, as next-auth's decode judges it. */
function current(payload: Readonly<JWT>, nowMs: number): boolean {
  return typeof payload.exp === 'number' && payload.exp > nowMs / 1000 - CLOCK_TOLERANCE_S;
}
