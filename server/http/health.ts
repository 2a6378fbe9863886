// GET /api/health (docs/operations.md "Health check"): 200 when the database answers and every migration is
// applied, 503 otherwise. The body never carries the database's own words. Anyone may ask, and it
// takes no slot (docs/architecture.md "Fair share").
import { getDatabase } from '../db/client';
import type { Database } from '../db/open-database';
import { pendingMigrations, readMigrations } from '../db/migrate';
import { jsonResponse } from './json-response';
import { route } from './route';

export async function handleHealth(openDatabase: () => Promise<Database>): Promise<Response> {
  try {
    const db = await openDatabase();
    const pending = await pendingMigrations(db.sql, readMigrations());
    if (pending.length > 0) return jsonResponse({ status: 'unavailable', reason: 'migrations pending' }, 503);
    return jsonResponse({ status: 'ok' });
  } catch {
    return jsonResponse({ status: 'unavailable', reason: 'database unreachable' }, 503);
  }
}

/** The route opens the database itself: a database it cannot open is its 503, not a failure. */
export const healthRoute = route({ name: 'GET /api/health', auth: 'none', origin: 'none' }, () => handleHealth(getDatabase));
