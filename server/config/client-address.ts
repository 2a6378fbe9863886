// The client address sign-in throttling counts against (docs/sign-in-and-network.md).
// TRUST_PROXY=1 (or "true"): the console runs behind one reverse proxy, which writes the address it
// took the connection from as the last X-Forwarded-For entry (nginx's $proxy_add_x_forwarded_for
// appends it, $remote_addr replaces the header); entries before it are the client's own words.
// Unset: nobody in front of the console vouches for that header. `next start` keeps an
// X-Forwarded-For the client sent and fills it from the socket only when there is none, so any
// entry may be the client's choice: no address is counted, only the account.
import { configOf, type Env } from './env';

export function trustProxyFromEnv(env?: Env): boolean {
  return configOf(env).TRUST_PROXY;
}

const MAX_ADDRESS_CHARS = 64;

export function clientAddress(headers: Headers, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const address = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .at(-1);
  // Anything that is not address-shaped is not counted as an address at all.
  return address && address.length <= MAX_ADDRESS_CHARS && /^[0-9a-fA-F.:[\]]+$/.test(address) ? address : null;
}
