import { describe, expect, it } from 'vitest';
import {
  administeredTenants,
  administers,
  administersAnything,
  administersTenant,
  factAccess,
  operates,
  operatesAnything,
} from './authority';
import {
  reachesAudience,
  reachesOperations,
  reachesOperationsOf,
  reachOf,
  tenantAdminVerdict,
  tokenAuthority,
  withinAdministeredReach,
} from './authority';
import type { Audience, GrantLike } from './authority';

const admin = (scope: string): GrantLike => ({ scope, role: 'admin' });
const operator = (scope: string): GrantLike => ({ scope, role: 'operator' });

// The personas of the demo data, and the grants beyond them the rules must tell apart.
const MEMBER: GrantLike[] = [];
const BERLIN_ADMIN = [admin('tenant:berlin')];
const DEPOT_ADMIN = [admin('depot:hh')];
const GLOBAL_OPERATOR = [operator('global')];
const HAMBURG_OPERATOR = [operator('tenant:hamburg')];
const GLOBAL_ADMIN = [admin('global')];

describe('reachOf', () => {
  it.each<[string, GrantLike[], ReturnType<typeof reachOf>]>([
    ['no grants', MEMBER, { globalAdmin: false, globalOperator: false, adminTenants: [], operatorTenants: [], adminScopes: [] }],
    [
      'a tenant admin grant',
      BERLIN_ADMIN,
      { globalAdmin: false, globalOperator: false, adminTenants: ['berlin'], operatorTenants: [], adminScopes: [] },
    ],
    [
      'a custom-scope admin grant',
      DEPOT_ADMIN,
      { globalAdmin: false, globalOperator: false, adminTenants: [], operatorTenants: [], adminScopes: ['depot:hh'] },
    ],
    [
      'a global operator grant',
      GLOBAL_OPERATOR,
      { globalAdmin: false, globalOperator: true, adminTenants: [], operatorTenants: [], adminScopes: [] },
    ],
    [
      'a tenant operator grant',
      HAMBURG_OPERATOR,
      { globalAdmin: false, globalOperator: false, adminTenants: [], operatorTenants: ['hamburg'], adminScopes: [] },
    ],
    [
      'a global admin grant',
      GLOBAL_ADMIN,
      { globalAdmin: true, globalOperator: false, adminTenants: [], operatorTenants: [], adminScopes: [] },
    ],
    [
      'several grants',
      [admin('tenant:berlin'), admin('depot:hh'), operator('global'), operator('tenant:berlin')],
      { globalAdmin: false, globalOperator: true, adminTenants: ['berlin'], operatorTenants: ['berlin'], adminScopes: ['depot:hh'] },
    ],
  ])('%s', (_case, grants, reach) => {
    expect(reachOf(grants)).toEqual(reach);
  });
});

describe('administers', () => {
  it.each<[string, GrantLike[], string, string | null, boolean]>([
    ['an admin grant for exactly the scope', BERLIN_ADMIN, 'tenant:berlin', 'berlin', true],
    ['an admin grant for another tenant', [admin('tenant:hamburg')], 'tenant:berlin', 'berlin', false],
    ['the owning tenant’s grant over its custom scope', [admin('tenant:hamburg')], 'depot:hh', 'hamburg', true],
    ['another tenant’s grant over a custom scope', BERLIN_ADMIN, 'depot:hh', 'hamburg', false],
    ['a grant for exactly the custom scope', DEPOT_ADMIN, 'depot:hh', 'hamburg', true],
    ['a custom-scope grant does not reach its tenant', DEPOT_ADMIN, 'tenant:hamburg', 'hamburg', false],
    ['a custom-scope grant does not reach another custom scope', DEPOT_ADMIN, 'depot:ber', 'berlin', false],
    ['a tenant grant does not reach global', BERLIN_ADMIN, 'global', null, false],
    ['a global grant reaches global', GLOBAL_ADMIN, 'global', null, true],
    ['a global grant reaches every tenant', GLOBAL_ADMIN, 'tenant:hamburg', 'hamburg', true],
    ['a global grant reaches every custom scope', GLOBAL_ADMIN, 'depot:hh', 'hamburg', true],
    ['an operator grant is not administration', [operator('global'), operator('tenant:berlin')], 'tenant:berlin', 'berlin', false],
    ['no grants', MEMBER, 'tenant:berlin', 'berlin', false],
  ])('%s', (_case, grants, scope, owner, expected) => {
    expect(administers(reachOf(grants), scope, owner)).toBe(expected);
  });

  it.each<[string, GrantLike[], string, boolean]>([
    ['its admin', BERLIN_ADMIN, 'berlin', true],
    ['another tenant’s admin', BERLIN_ADMIN, 'hamburg', false],
    ['an admin of one of its custom scopes', DEPOT_ADMIN, 'hamburg', false],
    ['its operator', HAMBURG_OPERATOR, 'hamburg', false],
    ['a global admin', GLOBAL_ADMIN, 'hamburg', true],
  ])('administersTenant: %s → %s', (_case, grants, tenantRef, expected) => {
    expect(administersTenant(reachOf(grants), tenantRef)).toBe(expected);
  });
});

describe('who each part of the console is for', () => {
  const AUDIENCES: Audience[] = ['signed-in', 'admin', 'operator', 'admin-or-operator'];
  it.each<[string, GrantLike[], Audience[]]>([
    ['a member', MEMBER, ['signed-in']],
    ['a tenant admin', BERLIN_ADMIN, ['signed-in', 'admin', 'admin-or-operator']],
    ['a custom-scope admin', DEPOT_ADMIN, ['signed-in', 'admin', 'admin-or-operator']],
    ['a global operator', GLOBAL_OPERATOR, ['signed-in', 'operator', 'admin-or-operator']],
    ['a tenant operator', HAMBURG_OPERATOR, ['signed-in', 'operator', 'admin-or-operator']],
    ['a global admin', GLOBAL_ADMIN, ['signed-in', 'admin', 'admin-or-operator']],
  ])('%s reaches %j', (_case, grants, reached) => {
    const reach = reachOf(grants);
    expect(AUDIENCES.filter((audience) => reachesAudience(reach, audience))).toEqual(reached);
    expect(administersAnything(reach)).toBe(reached.includes('admin'));
    expect(operatesAnything(reach)).toBe(reached.includes('operator'));
  });
});

describe('tenantAdminVerdict', () => {
  it.each<[string, GrantLike[], string, ReturnType<typeof tenantAdminVerdict>]>([
    ['an admin of the tenant', BERLIN_ADMIN, 'berlin', { allowed: true }],
    ['a global admin, for any tenant', GLOBAL_ADMIN, 'hamburg', { allowed: true }],
    ['a member, for their own tenant', MEMBER, 'berlin', { allowed: false, hidden: false, reason: 'NOT_ADMINISTRATOR' }],
    ['a member, for another tenant', MEMBER, 'hamburg', { allowed: false, hidden: true }],
    ['an operator, for their own tenant', GLOBAL_OPERATOR, 'berlin', { allowed: false, hidden: false, reason: 'NOT_ADMINISTRATOR' }],
    ['an operator, for another tenant', GLOBAL_OPERATOR, 'hamburg', { allowed: false, hidden: true }],
    ['an admin of another tenant', [admin('tenant:hamburg')], 'berlin', { allowed: false, hidden: false, reason: 'NOT_ADMINISTRATOR' }],
    ['a tenant admin, for another tenant', BERLIN_ADMIN, 'hamburg', { allowed: false, hidden: true }],
    ['a custom-scope admin, for the scope’s tenant they do not belong to', DEPOT_ADMIN, 'hamburg', { allowed: false, hidden: true }],
  ])('%s', (_case, grants, tenantRef, verdict) => {
    // Every persona here belongs to Berlin.
    expect(tenantAdminVerdict(reachOf(grants), tenantRef, 'berlin')).toEqual(verdict);
  });
});

describe('the tenants and rows an administrator reaches', () => {
  it.each<[string, GrantLike[], string[] | null]>([
    ['tenant grants', [admin('tenant:berlin'), admin('tenant:hamburg')], ['berlin', 'hamburg']],
    ['a global grant: every tenant', GLOBAL_ADMIN, null],
    ['operator grants: none', [operator('global'), operator('tenant:berlin')], []],
    ['a custom-scope grant: none', DEPOT_ADMIN, []],
  ])('administeredTenants: %s', (_case, grants, tenants) => {
    expect(administeredTenants(reachOf(grants))).toEqual(tenants);
  });

  it.each<[string, GrantLike[], string | null, string | null, boolean]>([
    ['a row of an administered tenant', BERLIN_ADMIN, 'actor:u1', 'berlin', true],
    ['a row of another tenant', BERLIN_ADMIN, 'tenant:hamburg', 'hamburg', false],
    ['a row of no tenant', BERLIN_ADMIN, 'global', null, false],
    ['a row at an administered custom scope', DEPOT_ADMIN, 'depot:hh', 'hamburg', true],
    ['a row of that custom scope’s tenant', DEPOT_ADMIN, 'tenant:hamburg', 'hamburg', false],
    ['a global admin, a row of no tenant', GLOBAL_ADMIN, null, null, true],
    ['an operator', GLOBAL_OPERATOR, 'tenant:berlin', 'berlin', false],
  ])('withinAdministeredReach: %s → %s', (_case, grants, scope, tenantRef, expected) => {
    expect(withinAdministeredReach(reachOf(grants), scope, tenantRef)).toBe(expected);
  });
});

describe('factAccess', () => {
  it.each<[GrantLike[], string, string | null, ReturnType<typeof factAccess>]>([
    [BERLIN_ADMIN, 'tenant:berlin', 'berlin', 'write'],
    [BERLIN_ADMIN, 'team:finance', 'berlin', 'write'],
    [BERLIN_ADMIN, 'global', null, 'read'],
    [BERLIN_ADMIN, 'tenant:hamburg', 'hamburg', 'none'],
    [BERLIN_ADMIN, 'actor:u1', 'berlin', 'none'],
    [DEPOT_ADMIN, 'depot:hh', 'hamburg', 'write'],
    [DEPOT_ADMIN, 'global', null, 'read'],
    [DEPOT_ADMIN, 'tenant:hamburg', 'hamburg', 'none'],
    [GLOBAL_ADMIN, 'tenant:hamburg', 'hamburg', 'write'],
    [GLOBAL_ADMIN, 'actor:h1', 'hamburg', 'none'],
    [GLOBAL_OPERATOR, 'global', null, 'none'],
  ])('%j at %s (of %s) → %s', (grants, scope, owner, access) => {
    expect(factAccess(reachOf(grants), scope, owner)).toBe(access);
  });
});

describe('operations and tokens', () => {
  it.each<[string, GrantLike[], boolean, string[]]>([
    ['a global operator reaches every tenant', GLOBAL_OPERATOR, true, ['berlin', 'hamburg']],
    ['a global admin reaches every tenant', GLOBAL_ADMIN, true, ['berlin', 'hamburg']],
    ['a tenant admin reaches their tenant', BERLIN_ADMIN, true, ['berlin']],
    ['a tenant operator reaches their tenant', HAMBURG_OPERATOR, true, ['hamburg']],
    ['a custom-scope admin reaches none', DEPOT_ADMIN, false, []],
    ['a member reaches none', MEMBER, false, []],
  ])('Operations: %s', (_case, grants, any, tenants) => {
    const reach = reachOf(grants);
    expect(reachesOperations(reach)).toBe(any);
    expect(['berlin', 'hamburg'].filter((tenantRef) => reachesOperationsOf(reach, tenantRef))).toEqual(tenants);
  });

  it.each<[string, GrantLike[], string | null, { administers: boolean; operates: boolean }]>([
    ['a tenant admin, their tenant', BERLIN_ADMIN, 'berlin', { administers: true, operates: false }],
    ['a tenant admin, every tenant', BERLIN_ADMIN, null, { administers: false, operates: false }],
    ['a tenant operator, their tenant', HAMBURG_OPERATOR, 'hamburg', { administers: false, operates: true }],
    ['a tenant operator, every tenant', HAMBURG_OPERATOR, null, { administers: false, operates: false }],
    ['a global operator, every tenant', GLOBAL_OPERATOR, null, { administers: false, operates: true }],
    ['a global admin, every tenant', GLOBAL_ADMIN, null, { administers: true, operates: false }],
    ['a custom-scope admin, its tenant', DEPOT_ADMIN, 'hamburg', { administers: false, operates: false }],
  ])('tokenAuthority: %s', (_case, grants, tenantRef, authority) => {
    const reach = reachOf(grants);
    expect(tokenAuthority(reach, tenantRef)).toEqual(authority);
    expect(operates(reach, tenantRef)).toBe(authority.operates);
  });
});
