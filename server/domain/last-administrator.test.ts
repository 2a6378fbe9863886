import { describe, expect, it } from 'vitest';
import { isLastAdministrator } from './last-administrator';

const admin = (userId: string, scope = 'tenant:berlin') => ({ userId, scope, role: 'admin' as const });

describe('isLastAdministrator', () => {
  it('is true for the only admin of the tenant', () => {
    expect(isLastAdministrator({ grants: [admin('bob')], tenantRef: 'berlin', userId: 'bob' })).toBe(true);
  });
  it('is false when another person administers the tenant too', () => {
    expect(isLastAdministrator({ grants: [admin('bob'), admin('ada')], tenantRef: 'berlin', userId: 'bob' })).toBe(false);
  });
  it('is false for a person who does not administer the tenant', () => {
    expect(isLastAdministrator({ grants: [admin('bob')], tenantRef: 'berlin', userId: 'alice' })).toBe(false);
    expect(isLastAdministrator({ grants: [admin('bob', 'tenant:hamburg')], tenantRef: 'berlin', userId: 'bob' })).toBe(false);
  });
  it('counts neither global admins, custom-scope admins nor operators as the tenant’s administrators', () => {
    const grants = [admin('bob'), admin('gina', 'global'), admin('dana', 'depot:b1'), { userId: 'olga', scope: 'tenant:berlin', role: 'operator' as const }];
    expect(isLastAdministrator({ grants, tenantRef: 'berlin', userId: 'bob' })).toBe(true);
  });
  it('counts a person with duplicate grants once', () => {
    expect(isLastAdministrator({ grants: [admin('bob'), admin('bob')], tenantRef: 'berlin', userId: 'bob' })).toBe(true);
  });
});
