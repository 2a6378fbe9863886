// API token secrets: 32 random bytes, shown once; the database keeps only their SHA-256 and a
// short prefix people recognise the token by (docs/runtime-api.md "API tokens").
import { createHash, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'mct_';

/** 32 random bytes, URL-safe: the secret of a token or of a one-time sign-in link. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function newTokenSecret(): string {
  return `${SECRET_PREFIX}${randomSecret()}`;
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** What the token list shows of a secret: enough to tell tokens apart, useless to an attacker. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 6);
}
