// NEXTAUTH_SECRET: required for a production deployment on PostgreSQL; for the embedded default it
// is generated once and kept in the data folder, so `npm start` needs no configuration.
import { configOf, type Env } from '../config/env';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDirFromEnv } from '../db/config';

export const SECRET_FILE = 'nextauth-secret';

export function resolveAuthSecret(env?: Env): string {
  const settings = configOf(env);
  if (settings.NEXTAUTH_SECRET) return settings.NEXTAUTH_SECRET;
  if (settings.NODE_ENV === 'production' && settings.DATABASE_URL) {
    throw new Error(
      'NEXTAUTH_SECRET must be set when running in production against DATABASE_URL. ' +
        'Generate one with `openssl rand -base64 32` and set it in the environment.',
    );
  }
  const dir = dataDirFromEnv(env);
  const file = path.join(dir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': if two processes race, the first one's secret wins and the second reads it.
  try {
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}
