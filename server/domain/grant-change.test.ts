import { describe, expect, it } from 'vitest';
import { decideGrantChange, type GrantChangeRequest } from './grant-change';

const tenantAdmin: GrantChangeRequest = {
  scope: 'tenant:berlin',
  role: 'admin',
  scopeTenantRef: 'berlin',
  personTenantRef: 'berlin',
  seesPerson: true,
  administersPersonTenant: true,
  administersScopeTenant: true,
  globalAdmin: false,
};

describe('decideGrantChange', () => {
  it.each([
    ['admin of the own tenant', {}, { ok: true }],
    ['operator of the own tenant', { role: 'operator' }, { ok: true }],
    ['admin of a custom scope', { scope: 'depot:ber' }, { ok: true }],
    [
      'operator of a custom scope',
      { scope: 'depot:ber', role: 'operator' },
      { code: 'INVALID', reason: 'OPERATOR_ONLY_FOR_TENANT', field: 'role' },
    ],
    ['a person not seen', { seesPerson: false, administersPersonTenant: false }, { code: 'NOT_FOUND', reason: 'UNKNOWN_PERSON' }],
    ['a person seen but not administered', { administersPersonTenant: false }, { code: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' }],
    [
      'global by a tenant admin',
      { scope: 'global', scopeTenantRef: null, administersScopeTenant: false },
      { code: 'FORBIDDEN', reason: 'NEEDS_GLOBAL_GRANT' },
    ],
    ['global by a global admin', { scope: 'global', scopeTenantRef: null, globalAdmin: true }, { ok: true }],
    [
      'another tenant’s scope',
      { scope: 'depot:hh', scopeTenantRef: 'hamburg', administersScopeTenant: false },
      { code: 'NOT_FOUND', reason: 'UNKNOWN_SCOPE' },
    ],
    [
      'another tenant’s scope by a global admin',
      { scope: 'depot:hh', scopeTenantRef: 'hamburg', globalAdmin: true },
      { code: 'INVALID', reason: 'OTHER_TENANT_SCOPE', field: 'scope' },
    ],
  ] as const)('%s', (_name, change, expected) => {
    expect(decideGrantChange({ ...tenantAdmin, ...change })).toMatchObject(expected);
  });
});
