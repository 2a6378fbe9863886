// GET /api/health and GET /api/health/ready (docs/operations.md "Health check"). Liveness: /api/health
// answers 200 whenever the process can answer at all — a database outage is no reason to restart
// it. Readiness: /api/health/ready answers 200 when the database answers and every migration is
// applied, and 503 otherwise or while the instance drains after SIGTERM
// (server/startup/graceful-shutdown.ts): point load balancers here. The body never carries the
// database's own words. With a read replica (DATABASE_REPLICA_URL) the ready answer reports its lag
// (bytes of WAL not yet replayed, seconds since the last replayed commit, whether replay is paused);
// a replica that lags or does not answer leaves the instance ready, as reads then go to the primary.
// Anyone may ask, and neither takes a slot (docs/architecture.md "Fair share").
import { getDatabase } from '../db/client';
import type { Database } from '../db/open-database';
import { pendingMigrations, readMigrations } from '../db/migrate';
import { isDraining } from '../startup/graceful-shutdown';
import { jsonResponse } from './json-response';
import { route } from './route';

/** The migrations the build ships do not change while the process runs: read them once, not at every check. */
let shipped: ReturnType<typeof readMigrations> | undefined;
const shippedMigrations = () => (shipped ??= readMigrations());

export function handleHealth(draining: () => boolean): Response {
  return jsonResponse({ status: 'ok', ...(draining() ? { draining: true } : {}) });
}

export async function handleReady(openDatabase: () => Promise<Database>, draining: () => boolean): Promise<Response> {
  if (draining()) return jsonResponse({ status: 'unavailable', reason: 'shutting down' }, 503);
  try {
    const db = await openDatabase();
    const pending = await pendingMigrations(db.sql, shippedMigrations());
    if (pending.length > 0) return jsonResponse({ status: 'unavailable', reason: 'migrations pending' }, 503);
    if (!db.replica) return jsonResponse({ status: 'ok' });
    const replica = await db.replica.lag().then(
      (lag) => ({ lagBytes: lag.bytes, replaySeconds: lag.replaySeconds, paused: lag.paused }),
      () => ({ unreachable: true }),
    );
    return jsonResponse({ status: 'ok', replica });
  } catch {
    return jsonResponse({ status: 'unavailable', reason: 'database unreachable' }, 503);
  }
}

export const healthRoute = route({ name: 'GET /api/health', auth: 'none', origin: 'none' }, () =>
  Promise.resolve(handleHealth(isDraining)),
);

/** The route opens the database itself: a database it cannot open is its 503, not a failure. */
export const readyRoute = route({ name: 'GET /api/health/ready', auth: 'none', origin: 'none' }, () =>
  handleReady(getDatabase, isDraining),
);
