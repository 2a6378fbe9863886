import { describe, expect, it } from 'vitest';
import { contentProblems, eventProblems, MAX_EVENT_CLOCK_SKEW_MS } from './runtime-event-rules';

const nowMs = Date.UTC(2026, 10, 30, 12);

describe('runtime event rules', () => {
  it('refuses memory keys and texts on a diagnostic', () => {
    expect(contentProblems(['type', 'key', 'text']).map((problem) => problem.field)).toEqual(['key', 'text']);
    expect(contentProblems(['type', 'offered'])).toEqual([]);
  });

  it('allows up to five minutes of clock skew into the future', () => {
    const context = { nowMs, tokenTenantRef: 'berlin' };
    expect(eventProblems({ atMs: nowMs + MAX_EVENT_CLOCK_SKEW_MS, tenantRef: 'berlin' }, context)).toEqual([]);
    expect(eventProblems({ atMs: nowMs + MAX_EVENT_CLOCK_SKEW_MS + 1, tenantRef: 'berlin' }, context)).toEqual([expect.objectContaining({ field: 'at' })]);
  });

  it("marks another tenant's event as forbidden", () => {
    expect(eventProblems({ atMs: nowMs, tenantRef: 'hamburg' }, { nowMs, tokenTenantRef: 'berlin' })).toEqual([
      expect.objectContaining({ field: 'tenantRef', forbidden: true }),
    ]);
  });
});
