import { describe, expect, it } from 'vitest';
import { auditScopeName } from './audit-scope';

const olga = { actorRef: 'u3', name: 'Olga Ostrowski' };
const names = { 'tenant:berlin': 'Berlin office', 'depot:hh': 'Hamburg depot' };

describe('auditScopeName', () => {
  it('names an organisation or group by the label the administrator knows it by', () => {
    expect(auditScopeName('tenant:berlin', olga, names)).toBe('Berlin office');
    expect(auditScopeName('depot:hh', olga, names)).toBe('Hamburg depot');
  });

  it('names global for people', () => {
    expect(auditScopeName('global', olga, names)).toBe('Everyone on this console');
  });

  it('names a person’s own memories after the person who changed them, and no one else', () => {
    expect(auditScopeName('actor:u3', olga, names)).toBe('Only Olga Ostrowski');
    expect(auditScopeName('actor:u1', olga, names)).toBe('Only one person');
    expect(auditScopeName('actor:u3', { actorRef: 'u3', name: null }, names)).toBe('Only one person');
    expect(auditScopeName('actor:u3', { actorRef: null, name: 'Olga Ostrowski' }, names)).toBe('Only one person');
  });

  it('says what kind of place an unlabelled scope is, never its token', () => {
    expect(auditScopeName('tenant:munich', olga, {})).toBe('An organisation');
    expect(auditScopeName('team:blue', olga, {})).toBe('A group');
  });
});
