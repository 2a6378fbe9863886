// The lock the quiet-period job takes before it resolves an alert (auto-resolve-alerts.ts).
import { Prisma } from '../../db/generated/client';
import { ALERT_LOCK } from '../diagnostics/lock-pinned-alerts';

/** Takes the tenant's alert lock (the ingest's, lock-pinned-alerts.ts) until the transaction ends. */
export function tenantAlertLockSql(tenantRef: string): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(${ALERT_LOCK}::int4, hashtext(${tenantRef}))`;
}
