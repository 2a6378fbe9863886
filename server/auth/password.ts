// Password hashing with bcrypt, through a native binding whose hash and verify run on libuv's
// thread pool: a sign-in never blocks the event loop for other people's requests. It reads the
// $2a$/$2b$ hashes the earlier pure-JavaScript implementation wrote. The cost is
// PASSWORD_HASH_COST (docs/operations.md "Configuration"): 10, lower only in the tests.
import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';
import { config } from '../config/env';

const cost = () => config().PASSWORD_HASH_COST;

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost());
}

// A hash of a random password, made once per process: checking a password against it costs the
// same as against a real account, so unknown, password-less and disabled accounts take as long
// to refuse as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  dummyHash ??= hash(randomUUID(), cost());
  return dummyHash;
}

/** Whether `password` matches `hash`; with no hash it still spends one bcrypt check and says no. */
export async function verifyPassword(password: string, passwordHash: string | null): Promise<boolean> {
  if (!passwordHash) {
    await verify(password, await dummy());
    return false;
  }
  try {
    return await verify(password, passwordHash);
  } catch {
    // A malformed stored hash is a refusal, not a crash.
    return false;
  }
}
