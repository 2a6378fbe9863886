import { describe, expect, it } from 'vitest';
import { decideForget, decideRuntimeForget } from './forget-verdict';

const viewerScopes = ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'];

describe('decideForget', () => {
  it.each<[string, { scope: string } | null, ReturnType<typeof decideForget>]>([
    ['a record that does not exist', null, { outcome: 'not_found' }],
    ['another person’s record', { scope: 'actor:u2' }, { outcome: 'not_found' }],
    ['another tenant’s record', { scope: 'tenant:munich' }, { outcome: 'not_found' }],
    ['the viewer’s own record', { scope: 'actor:u1' }, { outcome: 'delete' }],
    ['a visible custom-scope record', { scope: 'depot:hh' }, { outcome: 'forbidden', reason: 'HELD_AT_WIDER_SCOPE' }],
    ['a visible tenant record', { scope: 'tenant:berlin' }, { outcome: 'forbidden', reason: 'HELD_AT_WIDER_SCOPE' }],
    ['a visible global record', { scope: 'global' }, { outcome: 'forbidden', reason: 'HELD_AT_WIDER_SCOPE' }],
  ])('%s', (_name, record, expected) => {
    expect(decideForget({ record, viewerScopes, viewerActorRef: 'u1' })).toEqual(expected);
  });

  it('answers not_found for the viewer’s own actor scope when it is not among their scopes', () => {
    expect(decideForget({ record: { scope: 'actor:u1' }, viewerScopes: ['global'], viewerActorRef: 'u1' })).toEqual({
      outcome: 'not_found',
    });
  });
});

describe('decideRuntimeForget', () => {
  it.each<[string, { scope: string; author: 'human' | 'agent' } | null, ReturnType<typeof decideRuntimeForget>]>([
    ['a record that does not exist', null, { outcome: 'not_found' }],
    ['the assistant’s conclusion about the person', { scope: 'actor:u1', author: 'agent' }, { outcome: 'delete' }],
    ['the person’s own statement', { scope: 'actor:u1', author: 'human' }, { outcome: 'refused', reason: 'PERSONS_OWN_STATEMENT' }],
    ['a conclusion about another person', { scope: 'actor:u2', author: 'agent' }, { outcome: 'not_found' }],
    ['another person’s statement', { scope: 'actor:u2', author: 'human' }, { outcome: 'not_found' }],
    ['a fact of the organisation', { scope: 'tenant:berlin', author: 'human' }, { outcome: 'not_found' }],
    ['a fact for everyone', { scope: 'global', author: 'human' }, { outcome: 'not_found' }],
  ])('%s', (_name, record, expected) => {
    expect(decideRuntimeForget({ record, actorRef: 'u1' })).toEqual(expected);
  });
});
