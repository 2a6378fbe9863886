import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  MAX_BULK_IDS,
  MAX_TTL_SECONDS,
  countsTowardQuota,
  decideMute,
  decidePin,
  defaultExpiry,
  expiredDeleteBefore,
  isDueForReview,
  isOffered,
  latestExpiry,
  lifeStatus,
  lifetimeExpiry,
  mayAskStillTrue,
  reviewDueAt,
  stateAfterSave,
  stateAt,
  stillTrueQuestions,
  summarizeBulk,
  validateBulkIds,
  validateExpiry,
  validateReviewAt,
  type MemoryState,
  type MuteRequest,
} from './memory-life';

const now = new Date('2026-12-04T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('validateExpiry', () => {
  it.each<[string, Parameters<typeof validateExpiry>[0], Date | null]>([
    ['nothing given: no expiry', { now }, null],
    ['cleared: no expiry', { expiresAt: null, now }, null],
    ['one second ahead', { expiresAt: at(1000), now }, at(1000)],
    ['exactly ten years ahead', { expiresAt: new Date('2036-12-04T12:00:00.000Z'), now }, new Date('2036-12-04T12:00:00.000Z')],
    ['ttlSeconds from now', { ttlSeconds: 60, now }, at(60_000)],
    ['ttlSeconds of one second', { ttlSeconds: 1, now }, at(1000)],
  ])('accepts %s', (_name, request, expected) => {
    expect(validateExpiry(request)).toEqual({ ok: true, expiresAt: expected });
  });

  it.each<[string, Parameters<typeof validateExpiry>[0], string, string]>([
    ['now itself', { expiresAt: now, now }, 'expiresAt', 'expiresAt must be in the future'],
    ['the past', { expiresAt: at(-1), now }, 'expiresAt', 'expiresAt must be in the future'],
    [
      'a millisecond over ten years',
      { expiresAt: new Date('2036-12-04T12:00:00.001Z'), now },
      'expiresAt',
      'expiresAt must be at most 10 years from now (2036-12-04 at the latest)',
    ],
    ['an invalid date', { expiresAt: new Date('nope'), now }, 'expiresAt', 'expiresAt must be a date and time'],
    [
      'both fields',
      { expiresAt: at(1000), ttlSeconds: 5, now },
      'ttlSeconds',
      'ttlSeconds cannot be given together with expiresAt: give one of them',
    ],
    ['ttlSeconds of 0', { ttlSeconds: 0, now }, 'ttlSeconds', 'ttlSeconds must be a whole number of seconds, at least 1'],
    ['a fractional ttlSeconds', { ttlSeconds: 1.5, now }, 'ttlSeconds', 'ttlSeconds must be a whole number of seconds, at least 1'],
    [
      'a ttlSeconds over the cap',
      { ttlSeconds: MAX_TTL_SECONDS + 1, now },
      'ttlSeconds',
      `ttlSeconds must be at most ${MAX_TTL_SECONDS} (10 years)`,
    ],
    [
      'a ttlSeconds under the cap but past ten calendar years',
      { ttlSeconds: MAX_TTL_SECONDS, now },
      'ttlSeconds',
      'ttlSeconds must be at most 10 years from now (2036-12-04 at the latest)',
    ],
  ])('refuses %s, naming the field and the limit', (_name, request, field, message) => {
    expect(validateExpiry(request)).toEqual({ ok: false, errors: [{ field, message }] });
  });

  it('ten years from 29 February is 1 March', () => {
    expect(latestExpiry(new Date('2028-02-29T00:00:00.000Z')).toISOString()).toBe('2038-03-01T00:00:00.000Z');
  });
});

describe('the states', () => {
  it.each<[string, MemoryState, Date | null, MemoryState, boolean, boolean]>([
    ['active without expiry', 'active', null, 'active', true, true],
    ['active, expiry ahead', 'active', at(1000), 'active', true, true],
    ['active, expiry exactly now', 'active', now, 'expired', false, false],
    ['active, expiry passed a second ago (job not yet run)', 'active', at(-1000), 'expired', false, false],
    ['muted', 'muted', null, 'muted', false, true],
    ['muted, expiry ahead', 'muted', at(1000), 'muted', false, true],
    ['muted, expiry passed', 'muted', at(-1000), 'expired', false, false],
    ['moved to expired', 'expired', at(-DAY_MS), 'expired', false, false],
  ])('%s', (_name, state, expiresAt, effective, offered, quota) => {
    const row = { state, expiresAt };
    expect(stateAt(row, now)).toBe(effective);
    expect(isOffered(row, now)).toBe(offered);
    expect(countsTowardQuota(row, now)).toBe(quota);
  });

  it('an expired memory shows when it will be deleted: 30 days after it expired', () => {
    expect(lifeStatus({ state: 'expired', expiresAt: at(-DAY_MS), expiredAt: at(-1000) }, now)).toEqual({
      kind: 'expired',
      deleteAfter: at(30 * DAY_MS - 1000),
    });
    expect(lifeStatus({ state: 'active', expiresAt: at(-DAY_MS) }, now)).toEqual({ kind: 'expired', deleteAfter: at(29 * DAY_MS) });
    expect(lifeStatus({ state: 'muted', expiresAt: at(DAY_MS) }, now)).toEqual({ kind: 'muted', expiresAt: at(DAY_MS) });
    expect(expiredDeleteBefore(now)).toEqual(at(-30 * DAY_MS));
  });

  it('a re-save restores an expired memory and keeps a muted one muted', () => {
    expect(stateAfterSave(null)).toBe('active');
    expect(stateAfterSave('active')).toBe('active');
    expect(stateAfterSave('expired')).toBe('active');
    expect(stateAfterSave('muted')).toBe('muted');
  });
});

describe('decideMute', () => {
  const base: MuteRequest = {
    target: { scope: 'actor:u1', pinned: false },
    actorRef: 'u1',
    as: 'person',
    administers: false,
    muting: true,
  };
  it.each<[string, Partial<MuteRequest>, ReturnType<typeof decideMute>]>([
    ['a person, their own memory', {}, { allowed: true }],
    ['a person, their own override of a pinned key', { target: { scope: 'actor:u1', pinned: true } }, { allowed: true }],
    [
      'a person, another person’s memory',
      { target: { scope: 'actor:u2', pinned: false } },
      { allowed: false, reason: 'ANOTHER_PERSONS_SCOPE' },
    ],
    [
      'an administrator, another person’s memory',
      { target: { scope: 'actor:u2', pinned: false }, as: 'administrator', administers: true },
      { allowed: false, reason: 'ANOTHER_PERSONS_SCOPE' },
    ],
    ['a person, a shared fact', { target: { scope: 'tenant:berlin', pinned: false } }, { allowed: false, reason: 'HELD_AT_WIDER_SCOPE' }],
    [
      'an administrator of the scope, a fact',
      { target: { scope: 'tenant:berlin', pinned: false }, as: 'administrator', administers: true },
      { allowed: true },
    ],
    [
      'an administrator of another scope',
      { target: { scope: 'global', pinned: false }, as: 'administrator', administers: false },
      { allowed: false, reason: 'NOT_ADMINISTRATOR' },
    ],
    [
      'an administrator, a pinned fact',
      { target: { scope: 'tenant:berlin', pinned: true }, as: 'administrator', administers: true },
      { allowed: false, reason: 'PINNED_FACT' },
    ],
    [
      'an administrator restoring a pinned fact',
      { target: { scope: 'tenant:berlin', pinned: true }, as: 'administrator', administers: true, muting: false },
      { allowed: true },
    ],
  ])('%s', (_name, change, expected) => {
    expect(decideMute({ ...base, ...change })).toEqual(expected);
  });
});

describe('the lifetime of the assistant’s conclusions', () => {
  it.each<[string, 'human' | 'agent', string, number | null, Date | null]>([
    ['a conclusion with a lifetime set', 'agent', 'actor:u1', 180, at(180 * DAY_MS)],
    ['a conclusion without one', 'agent', 'actor:u1', null, null],
    ['a person’s statement', 'human', 'actor:u1', 180, null],
    ['a fact', 'human', 'tenant:berlin', 180, null],
  ])('%s', (_name, author, scope, lifetimeDays, expected) => {
    expect(defaultExpiry({ author, scope, lifetimeDays, now })).toEqual(expected);
  });

  it('applied to an existing conclusion, counts from its last change', () => {
    expect(lifetimeExpiry(at(-200 * DAY_MS), 180)).toEqual(at(-20 * DAY_MS));
  });
});

describe('review of facts', () => {
  const fact = { scope: 'tenant:berlin', state: 'active' as MemoryState, expiresAt: null, confirmedAt: null, reviewAt: null };
  it.each<[string, Partial<typeof fact> & { updatedAt: Date }, number, Date, boolean]>([
    ['180 days after the last edit', { updatedAt: at(-180 * DAY_MS) }, 180, now, true],
    ['a day short of it', { updatedAt: at(-179 * DAY_MS) }, 180, at(DAY_MS), false],
    ['a confirmation moves it', { updatedAt: at(-300 * DAY_MS), confirmedAt: at(-10 * DAY_MS) } as never, 180, at(170 * DAY_MS), false],
    [
      'an old confirmation does not undo a later edit',
      { updatedAt: at(-10 * DAY_MS), confirmedAt: at(-300 * DAY_MS) } as never,
      180,
      at(170 * DAY_MS),
      false,
    ],
    ['a date set for the fact wins', { updatedAt: at(-DAY_MS), reviewAt: at(-1000) } as never, 180, at(-1000), true],
    ['the tenant’s own interval', { updatedAt: at(-30 * DAY_MS) }, 30, now, true],
    [
      'a person’s own memory is never due (they get "Still true?")',
      { updatedAt: at(-999 * DAY_MS), scope: 'actor:u1' },
      180,
      at(-819 * DAY_MS),
      false,
    ],
    ['a muted fact is not due', { updatedAt: at(-999 * DAY_MS), state: 'muted' }, 180, at(-819 * DAY_MS), false],
    ['an expired fact is not due', { updatedAt: at(-999 * DAY_MS), expiresAt: at(-1) } as never, 180, at(-819 * DAY_MS), false],
  ])('%s', (_name, change, interval, dueAt, due) => {
    const row = { ...fact, ...change };
    expect(reviewDueAt(row, interval)).toEqual(dueAt);
    expect(isDueForReview(row, interval, now)).toBe(due);
  });

  it('a review date set by hand is in the future and at most ten years out', () => {
    expect(validateReviewAt(at(1000), now)).toBeNull();
    expect(validateReviewAt(now, now)).toEqual({ field: 'reviewAt', message: 'reviewAt must be in the future' });
    expect(validateReviewAt(at(11 * 366 * DAY_MS), now)).toEqual({
      field: 'reviewAt',
      message: 'reviewAt must be at most 10 years from now',
    });
  });
});

describe('"Still true?"', () => {
  it('is asked at most once a week', () => {
    expect(mayAskStillTrue(null, now)).toBe(true);
    expect(mayAskStillTrue(at(-7 * DAY_MS), now)).toBe(true);
    expect(mayAskStillTrue(at(-7 * DAY_MS + 1), now)).toBe(false);
  });

  it('asks about the oldest own memories untouched for 180 days, never answered, three at most', () => {
    const row = (id: string, days: number, more: Record<string, unknown> = {}) => ({
      id,
      scope: 'actor:u1',
      state: 'active' as MemoryState,
      expiresAt: null as Date | null,
      confirmedAt: null as Date | null,
      updatedAt: at(-days * DAY_MS),
      ...more,
    });
    const rows = [
      row('young', 179),
      row('old-1', 400),
      row('old-2', 300),
      row('old-3', 200),
      row('old-4', 180),
      row('answered', 900, { confirmedAt: at(-800 * DAY_MS) }),
      row('muted', 900, { state: 'muted' }),
      row('expired', 900, { expiresAt: at(-1) }),
      row('shared', 900, { scope: 'tenant:berlin' }),
      row('someone-else', 900, { scope: 'actor:u2' }),
    ];
    expect(stillTrueQuestions(rows, 'u1', now).map((r) => r.id)).toEqual(['old-1', 'old-2', 'old-3']);
  });
});

describe('many at once', () => {
  it('takes 1 to 500 distinct ids, in a fixed order', () => {
    expect(validateBulkIds(['b', 'a', 'b'])).toEqual({ ok: true, ids: ['a', 'b'] });
    const max = Array.from({ length: MAX_BULK_IDS }, (_, i) => `mem_${i}`);
    expect(validateBulkIds(max).ok).toBe(true);
    expect(validateBulkIds([...max, 'one-more'])).toEqual({
      ok: false,
      error: { field: 'ids', message: 'ids must be at most 500 per call (got 501)' },
    });
    expect(validateBulkIds([])).toEqual({ ok: false, error: { field: 'ids', message: 'ids must name at least one memory' } });
  });

  it('counts the results per outcome', () => {
    expect(
      summarizeBulk([
        { id: 'a', outcome: 'done' },
        { id: 'b', outcome: 'done' },
        { id: 'c', outcome: 'refused', reason: 'HELD_AT_WIDER_SCOPE' },
        { id: 'd', outcome: 'not-found' },
      ]),
    ).toEqual({ done: 2, unchanged: 0, 'not-found': 1, refused: 1, 'changed-since': 0 });
  });
});

describe('decidePin', () => {
  const active = { state: 'active' as MemoryState, expiresAt: null, pinned: false };
  it.each<[string, Parameters<typeof decidePin>[0], ReturnType<typeof decidePin>]>([
    ['pinning an active fact', { target: active, pinning: true, now }, { allowed: true }],
    ['pinning a muted fact', { target: { ...active, state: 'muted' }, pinning: true, now }, { allowed: false, reason: 'MUTED_FACT' }],
    [
      'pinning a muted fact whose expiry passed (expired: the save restores it)',
      { target: { ...active, state: 'muted', expiresAt: at(-1) }, pinning: true, now },
      { allowed: true },
    ],
    ['pinning an expired fact (the save restores it)', { target: { ...active, state: 'expired' }, pinning: true, now }, { allowed: true }],
    ['unpinning a muted fact', { target: { ...active, state: 'muted', pinned: true }, pinning: false, now }, { allowed: true }],
    ['saving a muted fact unpinned', { target: { ...active, state: 'muted' }, pinning: false, now }, { allowed: true }],
    [
      'saving a fact that is pinned already (nothing newly pinned)',
      { target: { ...active, state: 'muted', pinned: true }, pinning: true, now },
      { allowed: true },
    ],
  ])('%s', (_name, request, expected) => {
    expect(decidePin(request)).toEqual(expected);
  });
});
