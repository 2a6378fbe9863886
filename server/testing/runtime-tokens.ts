// Helpers for tests of the runtime API: tokens made through the real service, and requests
// carrying them.
import { createApiToken } from '../services/tokens/create-api-token';
import type { TokenPermission } from '../domain';
import type { SeededDatabase } from './seeded-database';

/** A token's secret, created by `email` through the service (so the same rules apply). */
export async function tokenSecret(
  db: SeededDatabase,
  email: string,
  tenantRef: string | null,
  permissions: TokenPermission[],
): Promise<{ id: string; secret: string }> {
  const user = await db.prisma.user.findUniqueOrThrow({ where: { email }, include: { grants: true, tenant: true } });
  const { sessionId } = await db.sessionOf(email);
  const viewer = { userId: user.id, sessionId, actorRef: user.actorRef, tenant: { ref: user.tenantRef }, grants: user.grants };
  const created = await createApiToken({ ctx: db.ctx, input: { viewer, name: `test ${permissions.join('+')}`, tenantRef, permissions } });
  return { id: created.id, secret: created.secret };
}

export function bearer(secret: string | null, init: RequestInit & { url?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (secret !== null) headers.set('authorization', `Bearer ${secret}`);
  return new Request(init.url ?? 'http://localhost/api/runtime/events', { ...init, headers });
}
