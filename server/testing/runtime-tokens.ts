// Helpers for tests of the runtime API: gina (a global administrator, once the demo data has her),
// tokens made through the real service, and requests carrying them.
import { createApiToken } from '../services/tokens/create-api-token';
import type { TokenPermission } from '../domain';
import { createUser } from '../services/users/create-user';
import { grantRole } from '../services/users/grant-role';
import type { SeededDatabase } from './seeded-database';

export const GINA = 'gina@example.com';

/** Makes sure gina exists as a global administrator of tenant berlin. */
export async function ensureGina(db: SeededDatabase): Promise<void> {
  const existing = await db.prisma.user.findUnique({ where: { email: GINA } });
  const userId =
    existing?.id ??
    (await createUser({ ctx: db.ctx, input: { email: GINA, name: 'Gina Graf', actorRef: 'g1', tenantRef: 'berlin', password: 'demo' } })).id;
  await grantRole({ ctx: db.ctx, input: { userId, scope: 'global', role: 'admin' } });
}

/** A token's secret, created by `email` through the service (so the same rules apply). */
export async function tokenSecret(
  db: SeededDatabase,
  email: string,
  tenantRef: string | null,
  permissions: TokenPermission[],
): Promise<{ id: string; secret: string }> {
  const user = await db.prisma.user.findUniqueOrThrow({ where: { email }, include: { grants: true, tenant: true } });
  const viewer = { userId: user.id, actorRef: user.actorRef, tenant: { ref: user.tenantRef }, grants: user.grants };
  const created = await createApiToken({ ctx: db.ctx, input: { viewer, name: `test ${permissions.join('+')}`, tenantRef, permissions } });
  return { id: created.id, secret: created.secret };
}

export function bearer(secret: string | null, init: RequestInit & { url?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (secret !== null) headers.set('authorization', `Bearer ${secret}`);
  return new Request(init.url ?? 'http://localhost/api/runtime/events', { ...init, headers });
}
