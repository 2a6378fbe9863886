// A route (route.ts) as Next's route handler: its context comes from the process — the session
// the cookie names, the one database, the console's origin, the instance's fair-share slots —
// read only when the route needs it, and inside the route, so a failure to read it is answered
// in the route's own error shape.
import { getSessionIdentity } from '../auth/session';
import { getDatabase } from '../db/client';
import { readRunnerOf } from '../db/open-database';
import { requestReadsOf } from '../db/read-connection';
import { consoleOrigin } from './console-origin';
import { instanceSlots } from './request-slots';
import type { Route, RouteContext, RouteNeeds } from './route';

async function processContext(request: Request, needs: RouteNeeds): Promise<RouteContext> {
  const db = needs.database ? await getDatabase() : undefined;
  const sql = db && (needs.sql === 'pool' ? db.pool : readRunnerOf(db));
  return {
    ...(db ? { prisma: db.prisma } : {}),
    ...(sql ? { sql } : {}),
    ...(db && needs.reads ? { reads: requestReadsOf(db, request).connection } : {}),
    session: needs.session ? await getSessionIdentity() : null,
    ...(needs.origin ? { allowedOrigin: consoleOrigin(request.url) } : {}),
    slots: instanceSlots,
  };
}

/** `export const GET = nextRoute(someRoute);` — the one line a route file holds. */
export function nextRoute<P>(route: Route<P>) {
  return (request: Request, segment?: { params: Promise<P> }): Promise<Response> =>
    route(request, () => processContext(request, route.needs), segment?.params);
}
