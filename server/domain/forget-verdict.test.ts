import { describe, expect, it } from 'vitest';
import { decideForget } from './forget-verdict';

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
