import { describe, expect, it } from 'vitest';
import { isLastAdministrator, tenantAdministrators } from './last-administrator';

const admin = (userId: string, scope = 'tenant:berlin') => ({ userId, scope, role: 'admin' as const });

describe('isLastAdministrator', () => {
  it('is true only for the one administrator of the tenant', () => {
    expect(isLastAdministrator({ grants: [admin('bob')], tenantRef: 'berlin', userId: 'bob' })).toBe(true);
    expect(isLastAdministrator({ grants: [admin('bob'), admin('alice')], tenantRef: 'berlin', userId: 'bob' })).toBe(false);
    expect(isLastAdministrator({ grants: [admin('bob')], tenantRef: 'berlin', userId: 'alice' })).toBe(false);
  });

  it('counts admin grants at exactly the tenant: not operators, custom scopes, global or other tenants', () => {
    const grants = [
      admin('bob'),
      { userId: 'olga', scope: 'tenant:berlin', role: 'operator' as const },
      admin('dora', 'depot:ber'),
      admin('gina', 'global'),
      admin('hans', 'tenant:hamburg'),
    ];
    expect([...tenantAdministrators(grants, 'berlin')]).toEqual(['bob']);
    expect(isLastAdministrator({ grants, tenantRef: 'berlin', userId: 'bob' })).toBe(true);
  });

  it('counts a person once however the grants repeat', () => {
    expect(isLastAdministrator({ grants: [admin('bob'), admin('bob')], tenantRef: 'berlin', userId: 'bob' })).toBe(true);
  });
});
