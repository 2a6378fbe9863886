// Alert webhook secrets and signatures (docs/operations.md "Alert webhooks"): a receiver recomputes
// HMAC-SHA256(secret, `${timestamp}.${rawBody}`) and compares it with X-Memory-Console-Signature.
import { createHmac, randomBytes } from 'node:crypto';

export const TIMESTAMP_HEADER = 'X-Memory-Console-Timestamp';
export const SIGNATURE_HEADER = 'X-Memory-Console-Signature';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `sha256=<hex>` over the timestamp (Unix seconds) and the raw body. */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`;
}
