// The statement that names a few people of a forecast's group (describe-forecast.ts), and the
// schema of its rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** A person's name. */
export const NAME_ROW = z.object({ name: z.string() });

/** Up to `limit` enabled people of `tenantRef` whose memberships are exactly `memberships` (any few: no order). */
export function groupNamesSql(tenantRef: string, memberships: string[], limit: number): Prisma.Sql {
  return Prisma.sql`
        SELECT u."name" FROM "user" u
        WHERE u."tenantRef" = ${tenantRef} AND NOT u."disabled" AND NOT u."system"
          AND coalesce((SELECT array_agg(sm."scopeToken" ORDER BY sm."position", sm."scopeToken")
                        FROM "scope_membership" sm WHERE sm."userId" = u."id"), '{}') = ${memberships}::text[]
        LIMIT ${limit}`;
}
