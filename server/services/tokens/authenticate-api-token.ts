// Which token a runtime request's secret belongs to, and whether it carries the permission the
// endpoint needs (README "API tokens and the runtime API"). Records "last used" at most once a minute.
import type { TokenPermission } from '../../domain';
import { hashTokenSecret } from '../../auth/api-token-secret';
import type { ServiceCall } from '../context';

export interface AuthenticateApiTokenInput {
  /** The bearer secret as sent, or null when the request had none. */
  secret: string | null;
  permission: TokenPermission;
}

export interface AuthenticatedToken {
  id: string;
  /** null: a metrics token of every tenant. */
  tenantRef: string | null;
  permissions: TokenPermission[];
}

export type TokenCheck =
  | { ok: true; token: AuthenticatedToken }
  | { ok: false; refusal: 'UNAUTHENTICATED' | 'MISSING_PERMISSION'; message: string };

const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateApiToken({ ctx, input }: ServiceCall<AuthenticateApiTokenInput>): Promise<TokenCheck> {
  if (!input.secret) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'Send an API token as "Authorization: Bearer <token>".' };
  }
  const row = await ctx.db.apiToken.findUnique({ where: { tokenHash: hashTokenSecret(input.secret) } });
  if (!row || row.revokedAt) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'This API token is unknown or has been revoked.' };
  }
  const now = ctx.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await ctx.db.apiToken.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }] },
      data: { lastUsedAt: now },
    });
  }
  const token = { id: row.id, tenantRef: row.tenantRef, permissions: row.permissions as TokenPermission[] };
  if (!token.permissions.includes(input.permission)) {
    return { ok: false, refusal: 'MISSING_PERMISSION', message: `This API token lacks the permission ${input.permission}.` };
  }
  return { ok: true, token };
}
