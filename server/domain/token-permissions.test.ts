import { describe, expect, it } from 'vitest';
import { decideRuntimeFactScope, decideTokenGrant, grantableTokenPermissions, TOKEN_PERMISSIONS } from './token-permissions';

const admin = { administers: true, operates: false };
const operator = { administers: false, operates: true };
const nobody = { administers: false, operates: false };

describe('grantableTokenPermissions', () => {
  it('gives administrators all five, operators events and metrics, others nothing', () => {
    expect(grantableTokenPermissions(admin, false)).toEqual([...TOKEN_PERMISSIONS]);
    expect(grantableTokenPermissions(operator, false)).toEqual(['events:write', 'metrics:read']);
    expect(grantableTokenPermissions(nobody, false)).toEqual([]);
  });

  it('allows only metrics:read on a token of every tenant', () => {
    expect(grantableTokenPermissions(operator, true)).toEqual(['metrics:read']);
    expect(grantableTokenPermissions(admin, true)).toEqual(['metrics:read']);
    expect(grantableTokenPermissions(nobody, true)).toEqual([]);
  });
});

describe('decideTokenGrant', () => {
  it('accepts what may be granted', () => {
    expect(decideTokenGrant(operator, false, ['events:write'])).toEqual({ ok: true });
    expect(decideTokenGrant(admin, false, ['memories:write', 'events:write'])).toEqual({ ok: true });
  });

  it('names the permissions an operator may not grant', () => {
    const verdict = decideTokenGrant(operator, false, ['events:write', 'memories:read']);
    expect(verdict).toMatchObject({ ok: false, reason: 'PERMISSION_NOT_GRANTABLE' });
    expect(!verdict.ok && verdict.message).toContain('memories:read');
  });

  it('refuses anything but metrics:read for every tenant, and everything without authority', () => {
    expect(decideTokenGrant(operator, true, ['events:write'])).toMatchObject({ ok: false, reason: 'ALL_TENANTS_METRICS_ONLY' });
    expect(decideTokenGrant(nobody, false, ['metrics:read'])).toMatchObject({ ok: false, reason: 'NOT_OPERATOR_OR_ADMINISTRATOR' });
  });
});

describe('facts:write', () => {
  it('is granted by a tenant administrator only, never by an operator', () => {
    expect(grantableTokenPermissions(admin, false)).toContain('facts:write');
    expect(decideTokenGrant(admin, false, ['facts:write'])).toEqual({ ok: true });
    const verdict = decideTokenGrant(operator, false, ['facts:write']);
    expect(verdict).toMatchObject({ ok: false, reason: 'PERMISSION_NOT_GRANTABLE' });
    expect(!verdict.ok && verdict.message).toContain('facts:write');
    expect(decideTokenGrant(admin, true, ['facts:write'])).toMatchObject({ ok: false, reason: 'ALL_TENANTS_METRICS_ONLY' });
  });
});

describe('decideRuntimeFactScope', () => {
  const of = (scope: string, scopeTenantRef: string | null) =>
    decideRuntimeFactScope({ field: 'scope', scope, scopeTenantRef, tokenTenantRef: 'berlin' });

  it('allows the token’s tenant scope and its groups', () => {
    expect(of('tenant:berlin', 'berlin')).toEqual({ ok: true });
    expect(of('team:sales', 'berlin')).toEqual({ ok: true });
  });

  it('refuses a person’s scope and global as invalid, naming the field', () => {
    for (const verdict of [of('actor:u1', 'berlin'), of('global', null)]) {
      expect(verdict).toMatchObject({ ok: false, status: 'invalid' });
      expect(!verdict.ok && verdict.message).toMatch(/^scope: /);
    }
  });

  it('answers another tenant’s scope and an unknown one alike', () => {
    expect(of('depot:hh', 'hamburg')).toEqual({
      ok: false,
      status: 'outside',
      message: "scope: depot:hh is not a scope of this token's organisation.",
    });
    expect(of('team:nowhere', null)).toMatchObject({ ok: false, status: 'outside' });
  });
});
