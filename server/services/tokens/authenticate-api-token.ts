// Which token a runtime request's secret belongs to, and whether it carries the permission the
// endpoint needs (docs/runtime-api.md "API tokens"). Records "last used" at most once a minute.
import type { TokenPermission } from '../../domain';
import { hashTokenSecret } from '../../auth/api-token-secret';
import { prismaSqlRunner } from '../../db/sql-runner';
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
  { ok: true; token: AuthenticatedToken } | { ok: false; refusal: 'UNAUTHENTICATED' | 'MISSING_PERMISSION'; message: string };

const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateApiToken({ ctx, input }: ServiceCall<AuthenticateApiTokenInput>): Promise<TokenCheck> {
  if (!input.secret) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'Send an API token as "Authorization: Bearer <token>".' };
  }
  // One statement finds the token and, at most once a minute, records its use. It runs on the
  // driver's pool when the caller has one (the ingest path, docs/runtime-api.md "How a batch is
  // stored quickly"), where a statement through Prisma cost more than the rest of a small request.
  const now = ctx.now();
  const [row] = await (ctx.sql ?? prismaSqlRunner(ctx.db)).query<{
    id: string;
    tenantRef: string | null;
    permissions: string[];
    revoked: boolean;
  }>(
    `WITH found AS (SELECT "id", "tenantRef", "permissions", "revokedAt" FROM "api_token" WHERE "tokenHash" = $1),
     touched AS (
       UPDATE "api_token" SET "lastUsedAt" = $2::timestamp(3)
       WHERE "id" = (SELECT "id" FROM found WHERE "revokedAt" IS NULL)
         AND ("lastUsedAt" IS NULL OR "lastUsedAt" <= $3::timestamp(3))
       RETURNING "id")
     SELECT "id", "tenantRef", "permissions", "revokedAt" IS NOT NULL AS "revoked" FROM found`,
    [hashTokenSecret(input.secret), now.toISOString(), new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString()],
  );
  if (!row || row.revoked) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'This API token is unknown or has been revoked.' };
  }
  const token = { id: row.id, tenantRef: row.tenantRef, permissions: row.permissions as TokenPermission[] };
  if (!token.permissions.includes(input.permission)) {
    return { ok: false, refusal: 'MISSING_PERMISSION', message: `This API token lacks the permission ${input.permission}.` };
  }
  return { ok: true, token };
}
