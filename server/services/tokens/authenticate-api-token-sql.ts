// The statement that finds an API token by its secret's hash and records its use
// (authenticate-api-token.ts), as text for either runner, and the schema of its row.
import { z } from 'zod';
import type { SqlStatement } from '../../db/sql-runner';

/** The token found, with whether it is revoked, expired or retired by a rotation at the request's time. */
export const TOKEN_ROW = z.object({
  id: z.string(),
  tenantRef: z.string().nullable(),
  permissions: z.array(z.string()),
  revoked: z.boolean(),
  expired: z.boolean(),
  retired: z.boolean(),
});

export interface TokenLookup {
  tokenHash: string;
  /** The request's time. */
  now: Date;
  /** "Last used" is recorded only when it is older than this (at most once a minute). */
  lastUsedBefore: Date;
  /** The oldest rotation still within its grace period. */
  rotatedAfter: Date;
}

/**
 * Finds the token and, when it is usable and its "last used" is older than `lastUsedBefore`,
 * records its use. Expiry and rotation are enforced here, by comparing times with the request's
 * (nothing revokes a token when they pass): $4 is the oldest rotation still within its 24 hours.
 */
export function tokenLookupSql({ tokenHash, now, lastUsedBefore, rotatedAfter }: TokenLookup): SqlStatement {
  return {
    text: `WITH found AS (
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
    params: [tokenHash, now.toISOString(), lastUsedBefore.toISOString(), rotatedAfter.toISOString()],
  };
}
