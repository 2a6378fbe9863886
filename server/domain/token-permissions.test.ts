import { describe, expect, it } from 'vitest';
import { decideTokenGrant, grantableTokenPermissions, TOKEN_PERMISSIONS } from './token-permissions';

const admin = { administers: true, operates: false };
const operator = { administers: false, operates: true };
const nobody = { administers: false, operates: false };

describe('grantableTokenPermissions', () => {
  it('gives administrators all four, operators events and metrics, others nothing', () => {
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
