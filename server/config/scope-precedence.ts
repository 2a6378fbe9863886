// The configured order of scope kinds (SCOPE_PRECEDENCE), e.g. "actor,depot,team,tenant,global".
// Unset means actor,tenant,global, the domain's default order.
import { configOf, type Env } from './env';

export function scopePrecedenceFromEnv(env?: Env): string[] {
  return configOf(env).SCOPE_PRECEDENCE;
}
