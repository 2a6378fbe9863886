// The client address sign-in throttling counts against (docs/security.md "Signing in: throttling").
// TRUST_PROXY=1 (or "true"): the console runs behind a reverse proxy that sets X-Forwarded-For,
// and its first entry is the client. Unset: the console is reached directly, and the address is
// the one Next.js records for the connection (it fills X-Forwarded-For from the socket when the
// request has none — a client talking to the console directly can send its own, so the
// per-account limit is the one that always holds).
import { configOf, type Env } from './env';

export function trustProxyFromEnv(env?: Env): boolean {
  return configOf(env).TRUST_PROXY;
}

const MAX_ADDRESS_CHARS = 64;

export function clientAddress(headers: Headers, trustProxy: boolean): string | null {
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const address = trustProxy ? hops[0] : hops.at(-1);
  // Anything that is not address-shaped is not counted as an address at all.
  return address && address.length <= MAX_ADDRESS_CHARS && /^[0-9a-fA-F.:[\]]+$/.test(address) ? address : null;
}
