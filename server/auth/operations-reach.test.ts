import { describe, expect, it } from 'vitest';
import { operationsReach, reachesOperations, reachesTenant } from './operations-reach';

describe('operationsReach', () => {
  it('reaches every tenant from a global operator or admin grant, one tenant from a tenant grant, nothing from a custom scope', () => {
    expect(reachesTenant(operationsReach([{ scope: 'global', role: 'operator' }]), 'hamburg')).toBe(true);
    expect(reachesTenant(operationsReach([{ scope: 'global', role: 'admin' }]), 'hamburg')).toBe(true);
    const bob = operationsReach([{ scope: 'tenant:berlin', role: 'admin' }]);
    expect(reachesTenant(bob, 'berlin')).toBe(true);
    expect(reachesTenant(bob, 'hamburg')).toBe(false);
    expect(reachesTenant(operationsReach([{ scope: 'tenant:hamburg', role: 'operator' }]), 'hamburg')).toBe(true);
    expect(reachesOperations(operationsReach([{ scope: 'depot:hh', role: 'admin' }]))).toBe(false);
    expect(reachesOperations(operationsReach([]))).toBe(false);
  });
});
