// The API tokens a person may manage (docs/runtime-api.md "API tokens"): those of every tenant they
// operate or administer, and all-tenant metrics tokens for global grants; plus what they may grant
// where.
import { grantableTokenPermissions, type TokenPermission } from '../../domain';
import { reachOf, retiresAt, tokenAuthority, tokenStanding, type TokenStanding } from '../../domain';
import type { GrantLike } from '../../domain';
import type { ServiceCall } from '../context';

export interface ListApiTokensInput {
  viewer: { grants: GrantLike[] };
}

export interface TokenTenantOption {
  /** null: every tenant (metrics only). */
  ref: string | null;
  name: string;
  grantable: TokenPermission[];
}

export interface ApiTokenSummary {
  id: string;
  name: string;
  tenantRef: string | null;
  prefix: string;
  permissions: TokenPermission[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** null: never expires. */
  expiresAt: string | null;
  /** Where the token stands now (server/domain/token-lifetime.ts). */
  state: TokenStanding['state'];
  /** A rotated token: when it stops being accepted, and its replacement. */
  retiresAt: string | null;
  replacedBy: string | null;
}

export async function listApiTokens({ ctx, input }: ServiceCall<ListApiTokensInput>): Promise<{
  tenants: TokenTenantOption[];
  tokens: ApiTokenSummary[];
}> {
  const reach = reachOf(input.viewer.grants);
  const now = ctx.now();
  const allTenants = grantableTokenPermissions(tokenAuthority(reach, null), true);
  const tenants: TokenTenantOption[] = (await ctx.db.tenant.findMany({ orderBy: { name: 'asc' } }))
    .map((tenant) => ({
      ref: tenant.ref,
      name: tenant.name,
      grantable: grantableTokenPermissions(tokenAuthority(reach, tenant.ref), false),
    }))
    .filter((tenant) => tenant.grantable.length > 0);
  if (allTenants.length > 0) tenants.push({ ref: null, name: 'Every tenant', grantable: allTenants });

  const refs = tenants.flatMap((tenant) => (tenant.ref === null ? [] : [tenant.ref]));
  const rows = await ctx.db.apiToken.findMany({
    where: { OR: [{ tenantRef: { in: refs } }, ...(allTenants.length > 0 ? [{ tenantRef: null }] : [])] },
    orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }],
  });
  return {
    tenants,
    tokens: rows.map((row) => ({
      id: row.id,
      name: row.name,
      tenantRef: row.tenantRef,
      prefix: row.prefix,
      permissions: row.permissions as TokenPermission[],
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      state: tokenStanding(row, now).state,
      retiresAt: row.rotatedAt ? retiresAt(row.rotatedAt).toISOString() : null,
      replacedBy: row.replacedBy,
    })),
  };
}
