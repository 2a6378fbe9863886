import { describe, expect, it } from 'vitest';
import { compareRoles, describeRole, personStatus } from './person-standing';

describe('personStatus', () => {
  const at = new Date('2026-12-01T10:00:00Z');
  it.each([
    [{ disabled: true, hasPassword: true, lastActiveAt: at }, 'disabled'],
    [{ disabled: true, hasPassword: false, lastActiveAt: null }, 'disabled'],
    [{ disabled: false, hasPassword: false, lastActiveAt: null }, 'invited'],
    // Single sign-on: no password, but they have signed in.
    [{ disabled: false, hasPassword: false, lastActiveAt: at }, 'active'],
    // A password and never signed in (made by the seed or a script): active, not an open invite.
    [{ disabled: false, hasPassword: true, lastActiveAt: null }, 'active'],
    [{ disabled: false, hasPassword: true, lastActiveAt: at }, 'active'],
  ] as const)('%o is %s', (person, expected) => {
    expect(personStatus(person)).toBe(expected);
  });
});

describe('describeRole', () => {
  it('names the scope by its label, and global in words of its own', () => {
    expect(describeRole({ role: 'admin', scope: 'tenant:berlin' }, 'Berlin office')).toBe('Administrator of Berlin office');
    expect(describeRole({ role: 'admin', scope: 'depot:hh' }, 'Hamburg depot')).toBe('Administrator of Hamburg depot');
    expect(describeRole({ role: 'operator', scope: 'global' }, 'global')).toBe('Operator of every organisation');
  });
});

describe('compareRoles', () => {
  it('lists global first, then organisations, then groups; administrators before operators', () => {
    const roles = [
      { role: 'admin' as const, scope: 'depot:hh' },
      { role: 'operator' as const, scope: 'tenant:berlin' },
      { role: 'admin' as const, scope: 'tenant:berlin' },
      { role: 'operator' as const, scope: 'global' },
    ];
    expect([...roles].sort(compareRoles)).toEqual([
      { role: 'operator', scope: 'global' },
      { role: 'admin', scope: 'tenant:berlin' },
      { role: 'operator', scope: 'tenant:berlin' },
      { role: 'admin', scope: 'depot:hh' },
    ]);
  });
});
