import { describe, expect, it } from 'vitest';
import { administers, type GrantLike } from './administers';

const admin = (scope: string): GrantLike => ({ scope, role: 'admin' });
const operator = (scope: string): GrantLike => ({ scope, role: 'operator' });

describe('administers', () => {
  it.each<[string, GrantLike[], string, string | null, boolean]>([
    ['an admin grant for exactly the scope', [admin('tenant:berlin')], 'tenant:berlin', 'berlin', true],
    ['an admin grant for another tenant', [admin('tenant:hamburg')], 'tenant:berlin', 'berlin', false],
    ['the owning tenant’s grant over its custom scope', [admin('tenant:hamburg')], 'depot:hh', 'hamburg', true],
    ['another tenant’s grant over a custom scope', [admin('tenant:berlin')], 'depot:hh', 'hamburg', false],
    ['a grant for exactly the custom scope', [admin('depot:hh')], 'depot:hh', 'hamburg', true],
    ['a custom-scope grant does not reach its tenant', [admin('depot:hh')], 'tenant:hamburg', 'hamburg', false],
    ['a tenant grant does not reach global', [admin('tenant:berlin')], 'global', null, false],
    ['a global grant reaches global', [admin('global')], 'global', null, true],
    ['a global grant reaches every tenant', [admin('global')], 'tenant:hamburg', 'hamburg', true],
    ['an operator grant is not administration', [operator('global'), operator('tenant:berlin')], 'tenant:berlin', 'berlin', false],
    ['no grants', [], 'tenant:berlin', 'berlin', false],
  ])('%s', (_case, grants, scope, owner, expected) => {
    expect(administers(grants, scope, owner)).toBe(expected);
  });
});
