// Which people's own values override a published fact: a record at an actor scope with the same
// key, held by a person the fact applies to (everyone for `global`, the tenant's people for
// `tenant:T`, the members for a custom scope); for `global`, only people the viewer administers.
// One SQL condition, used for the counts on the list (list-facts-sql.ts) and for the list of
// overrides itself (list-fact-overrides-sql.ts).
import { Prisma } from '../../db/generated/client';
import { actorRefOfScopeSql, offeredSql, personalScopeSql } from '../memories/visible-rows';

/** Join condition for `agent_memory f` (the fact) and `agent_memory m` (a person's own value offered at `now`). */
export function overrideJoin(tenants: string[] | null, now: Date): Prisma.Sql {
  // A fact the viewer may read at a tenant or custom scope is their own tenant's; only the global
  // facts reach into other tenants, and there the viewer sees only the people they administer.
  const visible = tenants === null ? Prisma.sql`TRUE` : Prisma.sql`(f."scope" <> 'global' OR m."tenantRef" = ANY(${tenants}::text[]))`;
  return Prisma.sql`m."key" = f."key" AND ${personalScopeSql('m')} AND ${offeredSql('m', now)} AND ${visible}
    AND (f."scope" = 'global' OR m."tenantRef" = f."tenantRef")
    AND (f."scope" = 'global' OR f."scope" LIKE 'tenant:%' OR EXISTS (
      SELECT 1 FROM "user" u JOIN "scope_membership" sm ON sm."userId" = u."id"
      WHERE u."actorRef" = ${actorRefOfScopeSql('m')} AND sm."scopeToken" = f."scope"))`;
}
