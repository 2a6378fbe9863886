import { describe, expect, it } from 'vitest';
import { bucketStarts, bucketSizeFor, opsRangeProblem, opsWindow, parseOpsInstant } from './ops-window';

const now = Date.UTC(2026, 11, 2, 12, 34, 56);
const MIN = 60_000;

describe('opsWindow', () => {
  it('ends a named range now, with aligned buckets of a readable count', () => {
    const verdict = opsWindow({ range: '24h', nowMs: now });
    if (!verdict.ok) throw new Error('refused');
    expect(verdict.window.bucketMs).toBe(60 * MIN);
    expect(verdict.window.fromMs).toBe(Date.UTC(2026, 11, 1, 12));
    expect(bucketStarts(verdict.window)).toHaveLength(25);
  });

  it('picks the bucket size from the span', () => {
    expect(bucketSizeFor(60 * MIN)).toBe(MIN);
    expect(bucketSizeFor(7 * 24 * 60 * MIN)).toBe(6 * 60 * MIN);
    expect(bucketSizeFor(30 * 24 * 60 * MIN)).toBe(24 * 60 * MIN);
  });

  it('takes from/to over the range and refuses a window that runs backwards, too long or without from', () => {
    const verdict = opsWindow({ range: '30d', fromMs: now - 30 * MIN, toMs: now, nowMs: now });
    expect(verdict.ok && verdict.window.bucketMs).toBe(MIN);
    expect(opsWindow({ fromMs: now, toMs: now - 1, nowMs: now })).toMatchObject({ ok: false, field: 'from' });
    expect(opsWindow({ fromMs: now - 401 * 24 * 60 * MIN, nowMs: now })).toMatchObject({
      ok: false,
      message: expect.stringContaining('400 days'),
    });
    expect(opsWindow({ toMs: now, nowMs: now })).toMatchObject({ ok: false, field: 'from' });
  });
});

describe('parseOpsInstant', () => {
  it.each([
    ['2026-12-04T09:00Z', Date.UTC(2026, 11, 4, 9)],
    ['2026-12-04T09:00:30Z', Date.UTC(2026, 11, 4, 9, 0, 30)],
    ['2026-12-04T09:00:30.250Z', Date.UTC(2026, 11, 4, 9, 0, 30, 250)],
    ['2026-12-04T10:00+01:00', Date.UTC(2026, 11, 4, 9)],
    ['2028-02-29T00:00Z', Date.UTC(2028, 1, 29)],
  ])('%s is an instant', (text, ms) => expect(parseOpsInstant(text)).toBe(ms));

  it.each([
    'yesterday',
    '2026-12-04',
    '2026-12-04T09:00',
    '2026-02-30T09:00Z',
    '2026-13-01T09:00Z',
    '2026-12-04T24:00Z',
    '',
    ' 2026-12-04T09:00Z',
  ])('%j is not', (text) => expect(parseOpsInstant(text)).toBeNull());
});

describe('opsRangeProblem', () => {
  it('names the field in plain words (no pattern) and accepts a good or absent pair', () => {
    const bad = opsRangeProblem({ from: 'yesterday', to: '', nowMs: now });
    expect(bad).toMatchObject({ field: 'from', message: expect.stringContaining('is not a date and time') });
    expect(bad!.message).not.toMatch(/[\\^$]/);
    expect(opsRangeProblem({ from: '2026-12-01T00:00Z', to: 'soon', nowMs: now })).toMatchObject({ field: 'to' });
    expect(opsRangeProblem({ from: '2026-12-02T00:00Z', to: '2026-12-01T00:00Z', nowMs: now })).toMatchObject({
      field: 'from',
      message: 'The start (from) must be before the end (to).',
    });
    expect(opsRangeProblem({ from: '', to: '2026-12-01T00:00Z', nowMs: now })).toMatchObject({ field: 'from' });
    expect(opsRangeProblem({ from: '2026-12-01T00:00Z', to: '2026-12-02T00:00Z', nowMs: now })).toBeNull();
    expect(opsRangeProblem({ from: '', to: '', nowMs: now })).toBeNull();
  });
});
