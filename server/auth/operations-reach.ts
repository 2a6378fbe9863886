// Whose runtime diagnostics and alerts a person may see and handle (docs/features.md "Operations"):
// an operator or admin grant at `global` reaches every tenant; one at `tenant:<ref>` reaches that
// tenant.
import { GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND } from '../domain';
import type { GrantLike } from './administers';

export const NO_OPERATIONS_MESSAGE = 'Operations is for operators and tenant administrators.';

export interface OperationsReach {
  everything: boolean;
  tenantRefs: string[];
}

export function operationsReach(grants: GrantLike[]): OperationsReach {
  return {
    everything: grants.some((grant) => grant.scope === GLOBAL_SCOPE),
    tenantRefs: grants.filter((grant) => scopeKind(grant.scope) === TENANT_KIND).map((grant) => scopeRef(grant.scope)!),
  };
}

export function reachesOperations(reach: OperationsReach): boolean {
  return reach.everything || reach.tenantRefs.length > 0;
}

export function reachesTenant(reach: OperationsReach, tenantRef: string): boolean {
  return reach.everything || reach.tenantRefs.includes(tenantRef);
}
