// Background jobs and alert webhooks (docs/operations.md "Jobs" and "Alert webhooks"): when a
// failed job runs again, when an alert has been quiet long enough to resolve itself, which webhook
// URLs are accepted, and what a delivery carries.
import { ADDRESS_KIND_WORDS, hostAddressKind, STRICT_WEBHOOK_POLICY, type WebhookAddressPolicy } from './network-address';

/** First retry after this long; each later one waits twice as long, up to RETRY_CAP_MS. */
export const RETRY_BASE_MS = 10_000;
export const RETRY_CAP_MS = 60 * 60_000;
/** A webhook delivery is tried this many times in all before it counts as failed. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** At most this much of a receiver's response is kept in the delivery log. */
export const WEBHOOK_RESPONSE_KEEP_CHARS = 1024;
export const WEBHOOK_URL_MAX_CHARS = 2000;
/** Finished jobs (done or given up) and webhook deliveries are kept this long for reading. */
export const FINISHED_JOB_KEEP_DAYS = 30;

/** How long to wait after the `attempts`-th failed attempt (1, 2, …): exponential, capped. */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(exponent, 30));
}

/** Alerts whose last dropped pin is before this moment have been quiet long enough to resolve. */
export function quietSince(nowMs: number, quietMinutes: number): Date {
  return new Date(nowMs - quietMinutes * 60_000);
}

/**
 * Why `url` cannot receive alerts, or null. https only, and not to a host that is written as a
 * non-public address (an IP literal, or localhost) — unless the deployment's development setting
 * allows http or such addresses. A host name is checked again after DNS, at delivery.
 */
export function webhookUrlProblem(url: string, policy: WebhookAddressPolicy = STRICT_WEBHOOK_POLICY): string | null {
  if (url.length > WEBHOOK_URL_MAX_CHARS) return `The URL may be at most ${WEBHOOK_URL_MAX_CHARS} characters.`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full URL such as https://alerts.example.com/memory-console.';
  }
  if (parsed.username || parsed.password) return 'The URL must not contain a user name or password.';
  const httpOk = parsed.protocol === 'https:' || (parsed.protocol === 'http:' && policy.allowHttp);
  if (!httpOk) return 'The URL must start with https://.';
  const kind = hostAddressKind(parsed.hostname);
  if (kind !== null && kind !== 'public' && !policy.allowPrivate) {
    return `The URL points to ${ADDRESS_KIND_WORDS[kind]}; alerts are only sent to addresses on the public internet.`;
  }
  return null;
}

export type AlertWebhookEvent = 'alert.opened' | 'alert.resolved' | 'alert.handoff';

/**
 * What an `alert.handoff` body adds (docs/operations.md "Alert webhooks"): who handed the alert to
 * the organisation's administrators, their note, the page to open, and the forecast's always-on
 * keys that today's pins and limits leave out, with how many people lose at least one.
 */
export interface AlertHandoff {
  by: string;
  note: string | null;
  link: string;
  forecast: { peopleOver: number; keysLeftOut: string[] };
}

export interface AlertWebhookAlert {
  id: string;
  tenantRef: string;
  kind: string;
  state: string;
  openedAt: Date;
  lastSeenAt: Date;
  resolvedAt: Date | null;
  occurrences: number;
  detail: unknown;
}

/** The JSON a receiver gets for `event` (docs/operations.md "Alert webhooks"). */
export function webhookBody(event: AlertWebhookEvent, alert: AlertWebhookAlert, sentAt: Date, handoff?: AlertHandoff): string {
  return JSON.stringify({
    event,
    sentAt: sentAt.toISOString(),
    alert: {
      id: alert.id,
      tenant: alert.tenantRef,
      kind: alert.kind,
      state: alert.state,
      openedAt: alert.openedAt.toISOString(),
      lastSeenAt: alert.lastSeenAt.toISOString(),
      resolvedAt: alert.resolvedAt?.toISOString() ?? null,
      occurrences: alert.occurrences,
      detail: alert.detail ?? null,
    },
    ...(handoff ? { handoff } : {}),
  });
}

/** What the delivery log keeps of a response body: its first WEBHOOK_RESPONSE_KEEP_CHARS characters. */
export function keptResponse(body: string): string {
  return body.length > WEBHOOK_RESPONSE_KEEP_CHARS ? body.slice(0, WEBHOOK_RESPONSE_KEEP_CHARS) : body;
}
