// Which token a runtime request's secret belongs to, and whether it carries the permission the
// endpoint needs (docs/runtime-api.md "API tokens"). Records "last used" at most once a minute.
import { ROTATION_GRACE_MS, type TokenPermission } from '../../domain';
import { hashTokenSecret } from '../../auth/api-token-secret';
import { z } from 'zod';
import { prismaSqlRunner } from '../../db/sql-runner';
import { queryRows } from '../../db/sql-rows';
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
const TOKEN_ROW = z.object({
  id: z.string(),
  tenantRef: z.string().nullable(),
  permissions: z.array(z.string()),
  revoked: z.boolean(),
  expired: z.boolean(),
  retired: z.boolean(),
});

export async function authenticateApiToken({ ctx, input }: ServiceCall<AuthenticateApiTokenInput>): Promise<TokenCheck> {
  if (!input.secret) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'Send an API token as "Authorization: Bearer <token>".' };
  }
  // One statement finds the token and, at most once a minute, records its use. It runs on the
  // driver's pool when the caller has one (the ingest path, docs/runtime-api.md "How a batch is
  // stored quickly"), where a statement through Prisma cost more than the rest of a small request.
  const now = ctx.now();
  const [row] = await queryRows(
    ctx.sql ?? prismaSqlRunner(ctx.db),
    TOKEN_ROW,
    // Expiry and rotation are enforced here, by comparing times with the request's (nothing
    // revokes a token when they pass): $4 is the oldest rotation still within its 24 hours.
    `WITH found AS (
       SELECT "id", "tenantRef", "permissions", "revokedAt", "expiresAt", "rotatedAt" FROM "api_token" WHERE "tokenHash" = $1),
     touched AS (
       UPDATE "api_token" SET "lastUsedAt" = $2::timestamp(3)
       WHERE "id" = (SELECT "id" FROM found
                     WHERE "revokedAt" IS NULL
                       AND ("expiresAt" IS NULL OR "expiresAt" > $2::timestamp(3))
                       AND ("rotatedAt" IS NULL OR "rotatedAt" > $4::timestamp(3)))
         AND ("lastUsedAt" IS NULL OR "lastUsedAt" <= $3::timestamp(3))
       RETURNING "id")
     SELECT "id", "tenantRef", "permissions", "revokedAt" IS NOT NULL AS "revoked",
            "expiresAt" IS NOT NULL AND "expiresAt" <= $2::timestamp(3) AS "expired",
            "rotatedAt" IS NOT NULL AND "rotatedAt" <= $4::timestamp(3) AS "retired"
     FROM found`,
    [
      hashTokenSecret(input.secret),
      now.toISOString(),
      new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString(),
      new Date(now.getTime() - ROTATION_GRACE_MS).toISOString(),
    ],
  );
  // The same rule as the domain's tokenStanding, evaluated by the statement at the request's time.
  if (!row || row.revoked || (row.retired && !row.expired)) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'This API token is unknown or has been revoked.' };
  }
  if (row.expired) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'This API token has expired.' };
  }
  const token = { id: row.id, tenantRef: row.tenantRef, permissions: row.permissions as TokenPermission[] };
  if (!token.permissions.includes(input.permission)) {
    return { ok: false, refusal: 'MISSING_PERMISSION', message: `This API token lacks the permission ${input.permission}.` };
  }
  return { ok: true, token };
}
