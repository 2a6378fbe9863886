import { describe, expect, it } from 'vitest';
import { contentProblems, EARLIEST_EVENT_AT_MS, eventProblems, MAX_EVENT_CLOCK_SKEW_MS, type EventFacts } from './runtime-event-rules';

const nowMs = Date.UTC(2026, 10, 30, 12);
const scopeTenants = new Map<string, string | null>([
  ['global', null],
  ['tenant:berlin', 'berlin'],
  ['actor:u1', 'berlin'],
  ['actor:h1', 'hamburg'],
  ['depot:hh', 'hamburg'],
]);
const berlinToken = { nowMs, tokenTenantRef: 'berlin', scopeTenants };
const event = (facts: Partial<EventFacts> = {}): EventFacts => ({ atMs: nowMs, tenantRef: 'berlin', scopes: [], ...facts });
const named = (...scopes: string[]) => scopes.map((scope, index) => ({ field: `scopes.${index}`, scope }));

describe('runtime event rules', () => {
  it('refuses memory keys and texts on a diagnostic', () => {
    expect(contentProblems(['type', 'key', 'text']).map((problem) => problem.field)).toEqual(['key', 'text']);
    expect(contentProblems(['type', 'offered'])).toEqual([]);
  });

  it.each([
    ['five minutes ahead', nowMs + MAX_EVENT_CLOCK_SKEW_MS, []],
    ['more than five minutes ahead', nowMs + MAX_EVENT_CLOCK_SKEW_MS + 1, ['at']],
    ['on 2000-01-01', EARLIEST_EVENT_AT_MS, []],
    ['a millisecond before 2000', EARLIEST_EVENT_AT_MS - 1, ['at']],
    ['at 1970-01-01', 0, ['at']],
  ])('judges a date %s', (_case, atMs, fields) => {
    expect(eventProblems(event({ atMs }), berlinToken).map((problem) => problem.field)).toEqual(fields);
  });

  it("marks another tenant's event as forbidden", () => {
    expect(eventProblems(event({ tenantRef: 'hamburg' }), berlinToken)).toEqual([
      expect.objectContaining({ field: 'tenantRef', forbidden: true }),
    ]);
  });

  it.each([
    ["the token tenant's own scopes and global", named('actor:u1', 'tenant:berlin', 'global'), []],
    ['scopes the console does not know', named('actor:someone-new', 'team:x', 'say "hi"'), []],
    ["another tenant's actor and custom scope, each by its field", named('actor:u1', 'actor:h1', 'depot:hh'), ['scopes.1', 'scopes.2']],
    ["another tenant's scope named by a written event", [{ field: 'scope', scope: 'depot:hh' }], ['scope']],
  ])('judges %s', (_case, scopes, fields) => {
    const problems = eventProblems(event({ scopes }), berlinToken);
    expect(problems.map((problem) => problem.field)).toEqual(fields);
    for (const problem of problems) {
      expect(problem.forbidden).toBeUndefined();
      expect(problem.message).toContain(scopes.find((named) => named.field === problem.field)!.scope);
    }
  });

  it('judges the scopes of a token of every tenant by the tenant the event names', () => {
    const anyTenant = { ...berlinToken, tokenTenantRef: null };
    expect(eventProblems(event({ tenantRef: 'hamburg', scopes: named('depot:hh') }), anyTenant)).toEqual([]);
    expect(eventProblems(event({ tenantRef: 'berlin', scopes: named('depot:hh') }), anyTenant)).toEqual([
      expect.objectContaining({ field: 'scopes.0' }),
    ]);
  });
});
