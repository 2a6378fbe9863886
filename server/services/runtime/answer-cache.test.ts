// The runtime list's kept answers in memory: which copy is handed out, which is dropped, and how the
// bytes held stay within the bound, least recently used first.
import { describe, expect, it } from 'vitest';
import { AnswerCache, type AnswerCopy } from './answer-cache';

const copy = (bytes: number, over: Partial<AnswerCopy> = {}): AnswerCopy => ({
  versions: '1,2',
  madeAt: 1_000,
  validUntil: Infinity,
  body: Buffer.alloc(bytes, 'x'),
  ...over,
});

describe('AnswerCache', () => {
  it('hands out a copy only for its versions, from its own moment until the soonest expiry', () => {
    const cache = new AnswerCache(1_000);
    cache.put('a', copy(10, { validUntil: 2_000 }));
    expect(cache.get('a', '1,2', 1_000)?.length).toBe(10);
    expect(cache.get('a', '1,2', 1_999)?.length).toBe(10);
    expect(cache.get('b', '1,2', 1_500)).toBeUndefined();
    expect(cache.get('a', '1,2', 2_000)).toBeUndefined();
    cache.put('a', copy(10));
    expect(cache.get('a', '1,2', 999)).toBeUndefined();
    expect(cache.get('a', '1,3', 1_000)).toBeUndefined();
    expect(cache.get('a', '1,2', 1_000)?.length).toBe(10);
  });

  it('keeps a copy no longer right for the next answer to start from, until that answer replaces it', () => {
    const cache = new AnswerCache(1_000);
    cache.put('a', copy(10));
    expect(cache.get('a', '1,3', 1_000)).toBeUndefined();
    expect(cache.previous('a')?.versions).toBe('1,2');
    expect(cache.previous('b')).toBeUndefined();
    cache.put('a', copy(20, { versions: '1,3' }));
    expect(cache.size).toEqual({ copies: 1, bytes: 20 });
    expect(cache.get('a', '1,3', 1_000)?.length).toBe(20);
  });

  it('counts what a copy’s records take beside its body', () => {
    const cache = new AnswerCache(100_000);
    const records = { ids: ['mem_1', 'mem_22'], xmins: ['7', '8'], starts: Uint32Array.from([0, 5, 11]), since: 1_000 };
    cache.put('a', copy(10, { records }));
    // The body, the offsets (3 × 4 bytes), two bytes a character of ids and xmins, and 64 a record.
    expect(cache.size).toEqual({ copies: 1, bytes: 10 + 12 + 2 * (5 + 6 + 1 + 1) + 2 * 64 });
  });

  it('replaces the copy under a key and counts its bytes once', () => {
    const cache = new AnswerCache(1_000);
    cache.put('a', copy(10));
    cache.put('a', copy(30, { versions: '1,3' }));
    expect(cache.size).toEqual({ copies: 1, bytes: 30 });
    expect(cache.get('a', '1,3', 1_000)?.length).toBe(30);
  });

  it('drops the least recently used copies beyond its bound, and keeps no answer above an eighth of it', () => {
    const cache = new AnswerCache(800);
    for (let i = 0; i < 8; i += 1) cache.put(`k${i}`, copy(100));
    expect(cache.size).toEqual({ copies: 8, bytes: 800 });
    expect(cache.get('k0', '1,2', 1_000)).toBeDefined();
    cache.put('k8', copy(100));
    expect(cache.size).toEqual({ copies: 8, bytes: 800 });
    expect(cache.get('k1', '1,2', 1_000)).toBeUndefined();
    expect(cache.get('k0', '1,2', 1_000)).toBeDefined();
    expect(cache.get('k8', '1,2', 1_000)).toBeDefined();
    expect(cache.largestCopy).toBe(100);
    cache.put('big', copy(101));
    expect(cache.get('big', '1,2', 1_000)).toBeUndefined();
    expect(cache.size).toEqual({ copies: 8, bytes: 800 });
  });
});
