// What a person's grants reach (docs/concepts.md "Who may write where", docs/architecture.md
// "Where authority is checked"), worked out once by `reachOf` and asked by every service, the
// administrators' procedures and the page sections. A grant is `admin` or `operator` at `global`,
// at a tenant (`tenant:<ref>`) or, for `admin`, at a custom scope (`depot:hh`).
import type { GrantRoleName } from './grant-change';
import type { TokenAuthority } from './token-permissions';
import { ACTOR_KIND, GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND, tenantScope } from './scope-tokens';

export interface GrantLike {
  scope: string;
  role: GrantRoleName;
}

export interface Reach {
  /** An admin grant at `global`: every tenant and scope, and the rows that belong to no tenant. */
  globalAdmin: boolean;
  /** An operator grant at `global`. */
  globalOperator: boolean;
  /** Tenants with an admin grant at `tenant:<ref>`. */
  adminTenants: string[];
  /** Tenants with an operator grant at `tenant:<ref>`. */
  operatorTenants: string[];
  /** Custom scopes (`depot:hh`) with an admin grant of their own, without their whole tenant. */
  adminScopes: string[];
}

export function reachOf(grants: readonly GrantLike[]): Reach {
  const reach: Reach = { globalAdmin: false, globalOperator: false, adminTenants: [], operatorTenants: [], adminScopes: [] };
  for (const grant of grants) {
    const admin = grant.role === 'admin';
    if (grant.scope === GLOBAL_SCOPE) {
      if (admin) reach.globalAdmin = true;
      else reach.globalOperator = true;
    } else if (scopeKind(grant.scope) === TENANT_KIND) {
      (admin ? reach.adminTenants : reach.operatorTenants).push(scopeRef(grant.scope)!);
    } else if (admin) {
      reach.adminScopes.push(grant.scope);
    }
  }
  return reach;
}

/**
 * The administers-check: may this person act as an administrator on exactly `scope`? An admin grant
 * for the scope itself, for the tenant that owns it (`ownerTenantRef`, for custom scopes), or at
 * `global`.
 */
export function administers(reach: Reach, scope: string, ownerTenantRef: string | null): boolean {
  if (reach.globalAdmin) return true;
  if (ownerTenantRef !== null && reach.adminTenants.includes(ownerTenantRef)) return true;
  if (scopeKind(scope) === TENANT_KIND) return reach.adminTenants.includes(scopeRef(scope)!);
  return scope !== GLOBAL_SCOPE && reach.adminScopes.includes(scope);
}

/** Administers the whole tenant (a tenant or `global` admin grant). */
export function administersTenant(reach: Reach, tenantRef: string): boolean {
  return administers(reach, tenantScope(tenantRef), tenantRef);
}

/** Holds an admin grant anywhere: who the administrators' procedures and pages are for. */
export function administersAnything(reach: Reach): boolean {
  return reach.globalAdmin || reach.adminTenants.length > 0 || reach.adminScopes.length > 0;
}

/** An operator grant at `global`, or at the tenant (`tenantRef` null: only `global` counts). */
export function operates(reach: Reach, tenantRef: string | null): boolean {
  return reach.globalOperator || (tenantRef !== null && reach.operatorTenants.includes(tenantRef));
}

/** Holds an operator grant anywhere. */
export function operatesAnything(reach: Reach): boolean {
  return reach.globalOperator || reach.operatorTenants.length > 0;
}

/**
 * The tenants whose people, facts and audit rows an administrator reaches through tenant grants;
 * null means every tenant (a global admin grant).
 */
export function administeredTenants(reach: Reach): string[] | null {
  return reach.globalAdmin ? null : reach.adminTenants;
}

/** Whether a record (or audit row) held at `scope` for `tenantRef` is within an administrator's reach. */
export function withinAdministeredReach(reach: Reach, scope: string | null, tenantRef: string | null): boolean {
  if (reach.globalAdmin) return true;
  return (tenantRef !== null && reach.adminTenants.includes(tenantRef)) || (scope !== null && reach.adminScopes.includes(scope));
}

/**
 * Operations (runtime diagnostics and alerts, docs/features.md "Operations"): an operator or admin grant at
 * `global` reaches every tenant, one at `tenant:<ref>` that tenant; a custom scope reaches none.
 */
export function reachesOperationsOf(reach: Reach, tenantRef: string): boolean {
  return reach.globalAdmin || reach.globalOperator || reach.adminTenants.includes(tenantRef) || reach.operatorTenants.includes(tenantRef);
}

export function reachesOperations(reach: Reach): boolean {
  return reach.globalAdmin || reach.globalOperator || reach.adminTenants.length > 0 || reach.operatorTenants.length > 0;
}

export type FactAccess = 'none' | 'read' | 'write';

/**
 * The access an administrator has to the published facts held at `scope` (docs/features.md
 * "Published facts"): any administrator reads the `global` ones; everything else is read and written only
 * where the administers-check says yes, and a person's own scope never.
 */
export function factAccess(reach: Reach, scope: string, ownerTenantRef: string | null): FactAccess {
  if (scopeKind(scope) === ACTOR_KIND) return 'none';
  if (administers(reach, scope, ownerTenantRef)) return 'write';
  return scope === GLOBAL_SCOPE && administersAnything(reach) ? 'read' : 'none';
}

/**
 * What the grants give over one tenant's API tokens (docs/runtime-api.md "API tokens");
 * `tenantRef` null stands for a token of every tenant, which only global grants reach.
 */
export function tokenAuthority(reach: Reach, tenantRef: string | null): TokenAuthority {
  return {
    administers: tenantRef === null ? reach.globalAdmin : administersTenant(reach, tenantRef),
    operates: operates(reach, tenantRef),
  };
}

export type TenantAdminVerdict =
  | { allowed: true }
  /** Another organisation: answered like one that does not exist, so nothing about it is confirmed. */
  | { allowed: false; hidden: true }
  /** The person's own organisation, which they know exists, without an admin grant for it. */
  | { allowed: false; hidden: false; reason: 'NOT_ADMINISTRATOR' };

/**
 * May this person manage the organisation `tenantRef` (its people, scopes, roles, settings,
 * webhooks)? Its administrators may (a global administrator administers every one). Their own
 * organisation without the grant is refused with a reason; any other is hidden.
 */
export function tenantAdminVerdict(reach: Reach, tenantRef: string, ownTenantRef: string): TenantAdminVerdict {
  if (administersTenant(reach, tenantRef)) return { allowed: true };
  if (tenantRef === ownTenantRef) return { allowed: false, hidden: false, reason: 'NOT_ADMINISTRATOR' };
  return { allowed: false, hidden: true };
}

/** Who a part of the console is for: each page section names one (server/auth/sections.ts). */
export type Audience = 'signed-in' | 'admin' | 'operator' | 'admin-or-operator';

export function reachesAudience(reach: Reach, audience: Audience): boolean {
  if (audience === 'admin') return administersAnything(reach);
  if (audience === 'operator') return operatesAnything(reach);
  if (audience === 'admin-or-operator') return administersAnything(reach) || operatesAnything(reach);
  return true;
}
