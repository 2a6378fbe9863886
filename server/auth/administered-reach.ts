// What an administrator's grants reach, for reading across records (the audit log, the people whose
// turn they may preview): every tenant with a global grant, else the tenants and custom scopes they
// hold admin grants for. Changing a record still asks `administers` for that exact scope.
import { GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND } from '../domain';
import type { GrantLike } from './administers';

export interface AdministeredReach {
  /** A global admin grant: every tenant, and the rows that belong to no tenant. */
  everything: boolean;
  tenantRefs: string[];
  /** Custom scopes (e.g. `depot:hh`) administered without their whole tenant. */
  scopes: string[];
}

export function administeredReach(grants: GrantLike[]): AdministeredReach {
  const admin = grants.filter((grant) => grant.role === 'admin');
  const tenantRefs = admin.filter((grant) => scopeKind(grant.scope) === TENANT_KIND).map((grant) => scopeRef(grant.scope)!);
  return {
    everything: admin.some((grant) => grant.scope === GLOBAL_SCOPE),
    tenantRefs,
    scopes: admin.filter((grant) => grant.scope !== GLOBAL_SCOPE && scopeKind(grant.scope) !== TENANT_KIND).map((grant) => grant.scope),
  };
}

export function reachesNothing(reach: AdministeredReach): boolean {
  return !reach.everything && reach.tenantRefs.length === 0 && reach.scopes.length === 0;
}

/** Whether a record (or audit row) held at `scope` for `tenantRef` is within reach. */
export function withinReach(reach: AdministeredReach, scope: string | null, tenantRef: string | null): boolean {
  if (reach.everything) return true;
  return (tenantRef !== null && reach.tenantRefs.includes(tenantRef)) || (scope !== null && reach.scopes.includes(scope));
}
