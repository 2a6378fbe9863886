import { describe, expect, it } from 'vitest';
import { addsToQuota, decideQuota, DEFAULT_MAX_MEMORIES_PER_PERSON } from './quota-verdict';
import type { Author } from './types';

describe('addsToQuota', () => {
  it.each<[string, string, Author, Author | null, boolean]>([
    ['a new statement at the own scope', 'actor:u1', 'human', null, true],
    ['a new conclusion at the own scope', 'actor:u1', 'agent', null, true],
    ['a statement replacing a conclusion', 'actor:u1', 'human', 'agent', true],
    ['a conclusion replacing a statement', 'actor:u1', 'agent', 'human', true],
    ['editing an own statement', 'actor:u1', 'human', 'human', false],
    ['the assistant revising its conclusion', 'actor:u1', 'agent', 'agent', false],
    ['a new fact at a tenant scope', 'tenant:berlin', 'human', null, false],
    ['a new fact at a depot scope', 'depot:hh', 'human', null, false],
    ['a new fact for everyone', 'global', 'human', null, false],
  ])('%s: %s', (_name, scope, author, replacing, expected) => {
    expect(addsToQuota({ scope, author, replacing })).toBe(expected);
  });
});

describe('decideQuota', () => {
  it('allows while one more still fits', () => {
    expect(decideQuota({ held: 0, limit: 1 })).toEqual({ allowed: true });
    expect(decideQuota({ held: 499, limit: 500 })).toEqual({ allowed: true });
  });

  it('refuses at the limit, saying how many are held and what the limit is', () => {
    expect(decideQuota({ held: 500, limit: 500 })).toEqual({ allowed: false, reason: 'QUOTA_EXCEEDED', held: 500, limit: 500 });
  });

  it('refuses above the limit, after the limit was lowered', () => {
    expect(decideQuota({ held: 12, limit: 10 })).toEqual({ allowed: false, reason: 'QUOTA_EXCEEDED', held: 12, limit: 10 });
  });

  it('a limit of 0 allows nothing new', () => {
    expect(decideQuota({ held: 0, limit: 0 })).toEqual({ allowed: false, reason: 'QUOTA_EXCEEDED', held: 0, limit: 0 });
  });

  it('defaults to 500 per person', () => {
    expect(DEFAULT_MAX_MEMORIES_PER_PERSON).toBe(500);
  });
});
