// The configured order of scope kinds (SCOPE_PRECEDENCE), e.g. "actor,depot,team,tenant,global".
// Unset means the domain's default order.
import type { Env } from '../db/config';
export function scopePrecedenceFromEnv(env: Env = process.env): string[] | undefined {
  const raw = env.SCOPE_PRECEDENCE?.trim();
  if (!raw) return undefined;
  return raw
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
}
