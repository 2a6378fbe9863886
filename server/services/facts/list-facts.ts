// The published facts an administrator may read (tenant, custom and global scopes), one page at a
// time in (key, scope) order, each with how many people's own values override it, whether the
// viewer may change it, and its life: the current ones (active or muted) by default, the expired
// ones (kept 30 days, extendable) under `view: 'expired'`.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, factAccess, GLOBAL_SCOPE, lifeStatus, type Reach } from '../../domain';
import type { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';
import { overrideCountRowSchema, overrideCountsSql } from './list-facts-sql';
import { requireFactAdmin } from './require-fact-admin';
import { expiredWhere, personalScopeWhere, unexpiredWhere } from '../memories/visible-rows';

export interface ListFactsInput {
  viewer: Pick<Viewer, 'grants'>;
  scope?: string;
  search?: string;
  /** The last row of the previous page. */
  after?: { key: string; scope: string };
  limit: number;
  /** `current` (default): active and muted facts. `expired`: those past their expiry, until the job deletes them. */
  view?: 'current' | 'expired';
}

function readableWhere(reach: Reach): Prisma.AgentMemoryWhereInput {
  const shared: Prisma.AgentMemoryWhereInput = { NOT: personalScopeWhere };
  const tenants = administeredTenants(reach);
  if (tenants === null) return shared;
  return {
    AND: [
      shared,
      {
        OR: [{ scope: GLOBAL_SCOPE }, { tenantRef: { in: tenants } }, { scope: { in: reach.adminScopes } }],
      },
    ],
  };
}

export async function listFacts({ ctx, input }: ServiceCall<ListFactsInput>) {
  const { viewer } = input;
  const reach = requireFactAdmin(viewer);
  const now = ctx.now();
  const life = input.view === 'expired' ? expiredWhere(now) : unexpiredWhere(now);
  const filters: Prisma.AgentMemoryWhereInput[] = [readableWhere(reach), life];
  if (input.scope) filters.push({ scope: input.scope });
  if (input.search) {
    filters.push({
      OR: [{ key: { contains: input.search, mode: 'insensitive' } }, { text: { contains: input.search, mode: 'insensitive' } }],
    });
  }
  if (input.after) {
    const { key, scope } = input.after;
    filters.push({ OR: [{ key: { gt: key } }, { key, scope: { gt: scope } }] });
  }
  const rows = await ctx.db.agentMemory.findMany({
    where: { AND: filters },
    orderBy: [{ key: 'asc' }, { scope: 'asc' }],
    take: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const counts = page.length
    ? await readRows(
        ctx,
        overrideCountsSql(
          administeredTenants(reach),
          now,
          page.map((row) => row.id),
        ),
        overrideCountRowSchema,
      )
    : [];
  const overrides = new Map(counts.map((row) => [row.id, row.n]));
  const last = page.at(-1);
  return {
    facts: page.map((row) => {
      const status = lifeStatus(row, now);
      return {
        id: row.id,
        scope: row.scope,
        key: row.key,
        text: row.text,
        pinned: row.pinned,
        author: row.author,
        version: row.version,
        updatedAt: row.updatedAt.toISOString(),
        overrides: overrides.get(row.id) ?? 0,
        canEdit: factAccess(reach, row.scope, row.tenantRef) === 'write',
        state: status.kind,
        /** Still ahead for a current fact; when it expired for an expired one. */
        expiresAt: (row.expiresAt ?? row.expiredAt)?.toISOString() ?? null,
        /** For an expired fact: when the job deletes it unless it is extended. */
        deleteAfter: status.kind === 'expired' ? status.deleteAfter.toISOString() : null,
      };
    }),
    next: rows.length > input.limit && last ? { key: last.key, scope: last.scope } : null,
  };
}
