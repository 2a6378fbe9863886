import { describe, expect, it } from 'vitest';
import type { GrantLike } from './administers';
import { administeredCustomScopes, administeredTenants, factAccess } from './fact-access';

const BERLIN_ADMIN: GrantLike[] = [{ scope: 'tenant:berlin', role: 'admin' }];
const GLOBAL_ADMIN: GrantLike[] = [{ scope: 'global', role: 'admin' }];
const DEPOT_ADMIN: GrantLike[] = [{ scope: 'depot:hh', role: 'admin' }];
const OPERATOR: GrantLike[] = [{ scope: 'global', role: 'operator' }];

describe('factAccess', () => {
  it.each([
    { grants: BERLIN_ADMIN, scope: 'tenant:berlin', owner: 'berlin', access: 'write' },
    { grants: BERLIN_ADMIN, scope: 'team:finance', owner: 'berlin', access: 'write' },
    { grants: BERLIN_ADMIN, scope: 'global', owner: null, access: 'read' },
    { grants: BERLIN_ADMIN, scope: 'tenant:hamburg', owner: 'hamburg', access: 'none' },
    { grants: BERLIN_ADMIN, scope: 'actor:u1', owner: 'berlin', access: 'none' },
    { grants: DEPOT_ADMIN, scope: 'depot:hh', owner: 'hamburg', access: 'write' },
    { grants: DEPOT_ADMIN, scope: 'tenant:hamburg', owner: 'hamburg', access: 'none' },
    { grants: GLOBAL_ADMIN, scope: 'tenant:hamburg', owner: 'hamburg', access: 'write' },
    { grants: GLOBAL_ADMIN, scope: 'actor:h1', owner: 'hamburg', access: 'none' },
    { grants: OPERATOR, scope: 'global', owner: null, access: 'none' },
  ] as const)('$scope with $grants.0.scope $grants.0.role → $access', ({ grants, scope, owner, access }) => {
    expect(factAccess([...grants], scope, owner)).toBe(access);
  });
});

describe('administered tenants and custom scopes', () => {
  it('lists tenant grants, or null (every tenant) for a global grant', () => {
    expect(administeredTenants(BERLIN_ADMIN)).toEqual(['berlin']);
    expect(administeredTenants(GLOBAL_ADMIN)).toBeNull();
    expect(administeredTenants(OPERATOR)).toEqual([]);
    expect(administeredCustomScopes([...BERLIN_ADMIN, ...DEPOT_ADMIN])).toEqual(['depot:hh']);
  });
});
