// The forecast of "Apply the lifetime to existing conclusions" (apply-conclusion-lifetime.ts): how
// many conclusions would get an expiry, and how many of those would expire at once.
import type { Viewer } from '../../auth/viewer';
import { DAY_MS } from '../../domain/memory-life';
import { readRows, type ServiceCall } from '../context';
import { lifetimeCountRowSchema, lifetimeCountSql } from './forecast-conclusion-lifetime-sql';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';

export interface LifetimeForecastInput {
  viewer: Pick<Viewer, 'grants' | 'tenant'>;
  tenantRef: string;
}

export interface LifetimeForecast {
  lifetimeDays: number | null;
  /** Conclusions held without an expiry, that the action would give one. */
  withoutExpiry: number;
  /** Of those, the ones whose last change is older than the lifetime: they would expire at once. */
  wouldExpireNow: number;
}

/** How many of the organisation's conclusions the lifetime would give an expiry, and how many would expire at once. */
export function countLifetimeForecast({
  ctx,
  input: { tenantRef, lifetimeDays },
}: ServiceCall<{ tenantRef: string; lifetimeDays: number | null }>): Promise<LifetimeForecast> {
  const now = ctx.now();
  if (lifetimeDays === null) return Promise.resolve({ lifetimeDays, withoutExpiry: 0, wouldExpireNow: 0 });
  const cutoff = new Date(now.getTime() - lifetimeDays * DAY_MS);
  return readRows(ctx, lifetimeCountSql(tenantRef, cutoff), lifetimeCountRowSchema).then(([row]) => ({
    lifetimeDays,
    withoutExpiry: row?.without ?? 0,
    wouldExpireNow: row?.now ?? 0,
  }));
}

export async function forecastConclusionLifetime({ ctx, input }: ServiceCall<LifetimeForecastInput>): Promise<LifetimeForecast> {
  const tenant = await loadAdministeredTenant({ ctx, input });
  return countLifetimeForecast({ ctx, input: { tenantRef: tenant.ref, lifetimeDays: tenant.conclusionLifetimeDays } });
}
