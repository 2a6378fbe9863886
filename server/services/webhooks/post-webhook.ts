// The one outbound HTTP request of the console: a webhook delivery (docs/operations.md "Alert
// webhooks"). The host is resolved here and every address it resolves to must be public
// (server/domain network-address.ts) — checked inside the socket's own lookup, so the address
// checked is the address connected to and a name that changes its answer between save and delivery
// (DNS rebinding) is still refused. Redirects are not followed; at most 1 kB of the answer is kept.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { keptResponse, webhookAddressProblem, webhookUrlProblem, type WebhookAddressPolicy } from '../../domain';

export interface WebhookPostResult {
  /** The receiver's status, or null when none came. */
  code: number | null;
  /** The start of its answer. */
  text: string | null;
  /** Why this is a failure (not a 2xx, not reachable, refused address), or null. */
  error: string | null;
}

export interface PostWebhookInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: WebhookAddressPolicy;
  /** Name resolution; tests pass their own to play a rebinding DNS server. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

class RefusedAddress extends Error {}

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** A socket lookup that answers only when every address of the name may be reached. */
function guardedLookup(policy: WebhookAddressPolicy, resolve: (hostname: string) => Promise<LookupAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        for (const entry of wanted) {
          const problem = webhookAddressProblem(entry.address, policy);
          if (problem) return callback(new RefusedAddress(`${hostname} resolves to a refused address. ${problem}`), '', 0);
        }
        if (options.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function readStart(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (text !== keptResponse(text)) response.destroy();
    });
    response.on('close', () => resolve(keptResponse(text)));
    response.on('error', () => resolve(keptResponse(text)));
  });
}

export function postWebhook(input: PostWebhookInput): Promise<WebhookPostResult> {
  const { policy, timeoutMs } = input;
  // The URL was checked on save; check it again, the rules or the setting may have changed since.
  const urlProblem = webhookUrlProblem(input.url, policy);
  if (urlProblem) return Promise.resolve({ code: null, text: null, error: `Not sent: ${urlProblem}` });
  const url = new URL(input.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: WebhookPostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...input.headers, 'Content-Length': String(Buffer.byteLength(input.body)) },
        lookup: guardedLookup(policy, input.resolve ?? systemResolve),
        // One connection per delivery: a pooled socket would skip the address check.
        agent: false,
      },
      (response) => {
        void readStart(response).then((text) => {
          const code = response.statusCode ?? 0;
          finish({ code, text, error: code >= 200 && code < 300 ? null : `The receiver answered ${code}.` });
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ code: null, text: null, error: `No answer within ${timeoutMs / 1000} s.` });
    }, timeoutMs);
    request.on('error', (error) => {
      if (error instanceof RefusedAddress) finish({ code: null, text: null, error: `Not sent: ${error.message}` });
      else finish({ code: null, text: null, error: `Could not reach the receiver (${error.message}).` });
    });
    request.end(input.body);
  });
}
