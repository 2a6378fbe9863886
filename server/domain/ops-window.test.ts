import { describe, expect, it } from 'vitest';
import { bucketStarts, bucketSizeFor, opsWindow } from './ops-window';

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
