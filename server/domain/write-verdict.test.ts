import { describe, expect, it } from 'vitest';
import type { Author } from './types';
import { decideReplace, decideWrite } from './write-verdict';

const writerScopes = ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'];

describe('decideWrite', () => {
  it.each<[string, string, Author, boolean, ReturnType<typeof decideWrite>]>([
    [
      'a scope outside the writer’s scopes, unelevated',
      'tenant:munich',
      'human',
      false,
      { allowed: false, reason: 'SCOPE_NOT_APPLICABLE' },
    ],
    ['a scope outside the writer’s scopes that they administer', 'tenant:munich', 'human', true, { allowed: true }],
    ['another person’s actor scope, unelevated', 'actor:u2', 'human', false, { allowed: false, reason: 'SCOPE_NOT_APPLICABLE' }],
    [
      'another person’s actor scope, even for their administrator',
      'actor:u2',
      'human',
      true,
      { allowed: false, reason: 'ANOTHER_PERSONS_SCOPE' },
    ],
    [
      'an agent outside the scopes is refused for applicability first',
      'tenant:munich',
      'agent',
      false,
      { allowed: false, reason: 'SCOPE_NOT_APPLICABLE' },
    ],
    ['a human at their own actor scope', 'actor:u1', 'human', false, { allowed: true }],
    ['an agent at the actor it runs for', 'actor:u1', 'agent', false, { allowed: true }],
    ['an agent at the tenant, unelevated', 'tenant:berlin', 'agent', false, { allowed: false, reason: 'AGENT_ABOVE_OWN_SCOPE' }],
    ['an agent at the tenant, even when elevated', 'tenant:berlin', 'agent', true, { allowed: false, reason: 'AGENT_ABOVE_OWN_SCOPE' }],
    ['an agent at global, even when elevated', 'global', 'agent', true, { allowed: false, reason: 'AGENT_ABOVE_OWN_SCOPE' }],
    ['a human at a custom scope without elevation', 'depot:hh', 'human', false, { allowed: false, reason: 'NOT_ADMINISTRATOR' }],
    ['a human at the tenant without elevation', 'tenant:berlin', 'human', false, { allowed: false, reason: 'NOT_ADMINISTRATOR' }],
    ['an elevated human at the tenant', 'tenant:berlin', 'human', true, { allowed: true }],
    ['an elevated human at global', 'global', 'human', true, { allowed: true }],
  ])('%s', (_name, scope, kind, elevated, expected) => {
    expect(decideWrite({ scope, writerScopes, writer: { kind, actorRef: 'u1' }, elevated })).toEqual(expected);
  });

  it('does not treat an actor scope as the writer’s own unless the refs match exactly', () => {
    expect(
      decideWrite({
        scope: 'actor:u1',
        writerScopes: ['actor:u1', 'actor:u10'],
        writer: { kind: 'agent', actorRef: 'u10' },
        elevated: true,
      }),
    ).toEqual({ allowed: false, reason: 'AGENT_ABOVE_OWN_SCOPE' });
  });
});

describe('decideReplace', () => {
  it.each([
    ['the assistant over a person’s own statement', 'agent', 'human', { allowed: false, reason: 'REPLACES_OWN_STATEMENT' }],
    ['the assistant over its own conclusion', 'agent', 'agent', { allowed: true }],
    ['the assistant at a new key', 'agent', null, { allowed: true }],
    ['a person over the assistant’s conclusion', 'human', 'agent', { allowed: true }],
    ['a person over their own statement', 'human', 'human', { allowed: true }],
  ] as const)('%s', (_name, writer, replacing, expected) => {
    expect(decideReplace({ writer, replacing })).toEqual(expected);
  });
});
