import { describe, expect, it } from 'vitest';
import { administeredReach, reachesNothing, withinReach } from './administered-reach';

describe('administeredReach', () => {
  it('reaches the tenants and custom scopes of admin grants, never operator grants', () => {
    const reach = administeredReach([
      { scope: 'tenant:berlin', role: 'admin' },
      { scope: 'depot:hh', role: 'admin' },
      { scope: 'global', role: 'operator' },
    ]);
    expect(reach).toEqual({ everything: false, tenantRefs: ['berlin'], scopes: ['depot:hh'] });
    expect(withinReach(reach, 'actor:u1', 'berlin')).toBe(true);
    expect(withinReach(reach, 'depot:hh', 'hamburg')).toBe(true);
    expect(withinReach(reach, 'tenant:hamburg', 'hamburg')).toBe(false);
    expect(withinReach(reach, 'global', null)).toBe(false);
  });

  it('reaches everything, rows of no tenant included, with a global admin grant', () => {
    const reach = administeredReach([{ scope: 'global', role: 'admin' }]);
    expect(withinReach(reach, 'global', null)).toBe(true);
    expect(withinReach(reach, 'tenant:hamburg', 'hamburg')).toBe(true);
  });

  it('reaches nothing for operators and members', () => {
    expect(reachesNothing(administeredReach([{ scope: 'global', role: 'operator' }]))).toBe(true);
    expect(reachesNothing(administeredReach([]))).toBe(true);
  });
});
