// Decodes the session cookie the way next-auth's own `decode` does (next-auth/jwt: an A256GCM JWE
// whose key is HKDF-SHA256 of the secret, empty salt, 15 s clock tolerance), except that the key is
// derived once per secret instead of on every request: the derivation and the import of its bytes
// as a key were a measurable part of every signed-in request (README "Benchmarks").
import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import { jwtDecrypt } from 'jose';
import { decode, type JWT, type JWTDecodeParams } from 'next-auth/jwt';

/** next-auth's info string for the key of a salt-less token (next-auth/jwt `getDerivedEncryptionKey`). */
const KEY_INFO = 'NextAuth.js Generated Encryption Key';
const CLOCK_TOLERANCE_SECONDS = 15;

// Keyed by the secret itself, so a changed secret derives (and only accepts) its own key. A process
// has one secret; a test may use a few, so the map is emptied rather than grown without end.
const MAX_KEYS = 8;
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32)));
    keys.set(secret, key);
  }
  return key;
}

/** next-auth's `decode` with the key cached per secret; throws on a token the secret did not make, as next-auth's does. */
export async function decodeSessionToken(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  // Only the session cookie (a string secret, no salt) is ours to speed up; anything else goes next-auth's way.
  if (salt || typeof secret !== 'string') return decode(params);
  const { payload } = await jwtDecrypt(token, keyOf(secret), { clockTolerance: CLOCK_TOLERANCE_SECONDS });
  return payload as JWT;
}
