// Who may add or remove which role where (docs/concepts.md "Roles, custom scopes and memberships").
// A tenant administrator hands out `admin` for their tenant and its custom scopes and `operator`
// for their tenant; only a global administrator touches anything at `global`.
import type { RefusalReason } from './refusals';
import { GLOBAL_SCOPE, TENANT_KIND, scopeKind } from './scope-tokens';

export type GrantRoleName = 'admin' | 'operator';

export interface GrantChangeRequest {
  /** The scope of the grant: `global`, `tenant:<ref>` or a custom scope. */
  scope: string;
  role: GrantRoleName;
  /** The tenant owning the scope (null for `global`). */
  scopeTenantRef: string | null;
  /** The tenant of the person receiving or losing the grant. */
  personTenantRef: string;
  /** The one asking administers the person's tenant (a tenant or global admin grant). */
  administersPersonTenant: boolean;
  /** The one asking may see the person at all (same tenant, or administers it). */
  seesPerson: boolean;
  /** The one asking administers the scope's tenant (for `global`: holds a global admin grant). */
  administersScopeTenant: boolean;
  /** The one asking holds a global admin grant. */
  globalAdmin: boolean;
}

export type GrantChangeVerdict =
  | { ok: true }
  | { ok: false; code: 'NOT_FOUND' | 'FORBIDDEN' | 'INVALID'; reason: RefusalReason; message: string; field?: 'scope' | 'role' };

export function decideGrantChange(request: GrantChangeRequest): GrantChangeVerdict {
  if (!request.seesPerson)
    return { ok: false, code: 'NOT_FOUND', reason: 'UNKNOWN_PERSON', message: 'That person does not exist or is not visible to you.' };
  if (!request.administersPersonTenant) {
    return {
      ok: false,
      code: 'FORBIDDEN',
      reason: 'NOT_ADMINISTRATOR',
      message: "Only an administrator of this person's organisation may change their roles.",
    };
  }
  if (request.scope === GLOBAL_SCOPE) {
    if (!request.globalAdmin) {
      return {
        ok: false,
        code: 'FORBIDDEN',
        reason: 'NEEDS_GLOBAL_GRANT',
        message: 'Only a global administrator may grant or remove roles for everyone (global).',
      };
    }
    return { ok: true };
  }
  if (!request.administersScopeTenant) {
    return { ok: false, code: 'NOT_FOUND', reason: 'UNKNOWN_SCOPE', message: 'That scope does not exist or is not visible to you.' };
  }
  if (request.scopeTenantRef !== request.personTenantRef) {
    return {
      ok: false,
      code: 'INVALID',
      reason: 'OTHER_TENANT_SCOPE',
      field: 'scope',
      message: "scope must belong to the person's own organisation.",
    };
  }
  if (request.role === 'operator' && scopeKind(request.scope) !== TENANT_KIND) {
    return {
      ok: false,
      code: 'INVALID',
      reason: 'OPERATOR_ONLY_FOR_TENANT',
      field: 'role',
      message: 'role operator is given for a whole organisation or global, not for a custom scope.',
    };
  }
  return { ok: true };
}
