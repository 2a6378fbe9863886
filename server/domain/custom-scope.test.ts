import { describe, expect, it } from 'vitest';
import { customScopeKinds, validateCustomScope, validateScopeLabel } from './custom-scope';

describe('customScopeKinds', () => {
  it('offers the configured custom kinds, then the kinds already used, without built-in ones', () => {
    expect(customScopeKinds(['actor', 'team', 'tenant', 'global'], ['depot', 'team'])).toEqual(['team', 'depot']);
    expect(customScopeKinds(['actor', 'tenant', 'global'], [])).toEqual([]);
  });
});

describe('validateCustomScope', () => {
  it.each([
    ['depot:hh', []],
    ['depot:H.h_1-2', []],
    ['depot', ['token must look like <kind>:<name>']],
    ['Depot:hh', ['token must look like <kind>:<name>']],
    ['tenant:x', ['built in']],
    ['team:x', ['not a configured scope kind; the kinds are one of depot']],
    ['depot:', ['1 to 64']],
    ['depot:a b', ['1 to 64']],
    [`depot:${'x'.repeat(65)}`, ['1 to 64']],
  ])('%s', (token, messages) => {
    const problems = validateCustomScope(token, ['depot']);
    expect(problems.map((problem) => problem.field)).toEqual(messages.map(() => 'token'));
    messages.forEach((message, index) => expect(problems[index]?.message).toContain(message));
  });

  it('says when no kinds are configured', () => {
    expect(validateCustomScope('depot:hh', [])[0]?.message).toContain('none are configured');
  });
});

describe('validateScopeLabel', () => {
  it('needs 1 to 80 characters after trimming', () => {
    expect(validateScopeLabel('Hamburg depot')).toEqual([]);
    expect(validateScopeLabel('  ')[0]).toMatchObject({ field: 'label', message: expect.stringContaining('required') });
    expect(validateScopeLabel('ü'.repeat(80))).toEqual([]);
    expect(validateScopeLabel('x'.repeat(81))[0]?.message).toContain('at most 80');
  });
});
