import { describe, expect, it } from 'vitest';
import { actorScope, describeScope, isReservedScopeKind, scopeKind, scopeRef, tenantScope } from './scope-tokens';

describe('scope tokens', () => {
  it('builds actor and tenant tokens', () => {
    expect(actorScope('u1')).toBe('actor:u1');
    expect(tenantScope('berlin')).toBe('tenant:berlin');
  });

  it.each([
    ['actor:u1', 'actor', 'u1'],
    ['tenant:berlin', 'tenant', 'berlin'],
    ['depot:hh', 'depot', 'hh'],
    ['team:a:b', 'team', 'a:b'],
    ['global', 'global', null],
  ])('splits %s into kind %s and ref %s', (scope, kind, ref) => {
    expect(scopeKind(scope)).toBe(kind);
    expect(scopeRef(scope)).toBe(ref);
  });

  it.each([
    ['actor', true],
    ['tenant', true],
    ['global', true],
    ['depot', false],
  ])('treats kind %s as reserved: %s', (kind, reserved) => {
    expect(isReservedScopeKind(kind)).toBe(reserved);
  });

  it.each([
    ['actor:u1', 'u1', 'mine', 'mine'],
    ['actor:u2', 'u1', 'personal', 'personal'],
    ['actor:u1', undefined, 'personal', 'personal'],
    ['depot:hh', 'u1', 'custom', 'depot'],
    ['tenant:berlin', 'u1', 'organisation', 'organisation'],
    ['global', 'u1', 'everyone', 'everyone'],
  ])('describes %s for viewer %s as %s (%s)', (scope, viewer, audience, label) => {
    expect(describeScope(scope, viewer)).toMatchObject({ audience, label });
  });
});
