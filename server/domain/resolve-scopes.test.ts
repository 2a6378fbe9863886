import { describe, expect, it } from 'vitest';
import { resolveScopes } from './resolve-scopes';

const actor = (memberships: string[]) => ({ actorRef: 'u1', tenantRef: 'berlin', memberships });

describe('resolveScopes', () => {
  it.each<[string, string[], string[] | undefined, string[]]>([
    ['no memberships', [], undefined, ['actor:u1', 'tenant:berlin', 'global']],
    [
      'a custom depot: scope sits between actor and tenant by default',
      ['depot:hh'],
      undefined,
      ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'],
    ],
    [
      'unlisted kinds keep the order given',
      ['team:ops', 'depot:hh', 'team:night'],
      undefined,
      ['actor:u1', 'team:ops', 'depot:hh', 'team:night', 'tenant:berlin', 'global'],
    ],
    [
      'listed kinds follow the precedence, same kind in the order given',
      ['team:ops', 'depot:hh', 'team:night', 'depot:ber'],
      ['actor', 'depot', 'team', 'tenant', 'global'],
      ['actor:u1', 'depot:hh', 'depot:ber', 'team:ops', 'team:night', 'tenant:berlin', 'global'],
    ],
    [
      'a kind the precedence omits is still included, after the listed ones',
      ['site:x', 'team:ops', 'depot:hh'],
      ['actor', 'team', 'depot', 'tenant', 'global'],
      ['actor:u1', 'team:ops', 'depot:hh', 'site:x', 'tenant:berlin', 'global'],
    ],
    ['duplicates appear once', ['depot:hh', 'depot:hh'], undefined, ['actor:u1', 'depot:hh', 'tenant:berlin', 'global']],
    [
      'memberships cannot add actor, tenant or global scopes',
      ['actor:u2', 'tenant:munich', 'global', 'tenant:berlin', '', 'depot:hh'],
      undefined,
      ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'],
    ],
  ])('%s', (_name, memberships, precedence, expected) => {
    expect(resolveScopes(actor(memberships), precedence)).toEqual(expected);
  });

  it('keeps actor first and tenant, global last whatever the precedence lists', () => {
    expect(resolveScopes(actor(['depot:hh']), ['global', 'tenant', 'depot', 'actor'])).toEqual([
      'actor:u1',
      'depot:hh',
      'tenant:berlin',
      'global',
    ]);
  });

  it('does not modify the memberships it is given', () => {
    const memberships = ['team:b', 'depot:a'];
    resolveScopes(actor(memberships), ['depot', 'team']);
    expect(memberships).toEqual(['team:b', 'depot:a']);
  });
});
