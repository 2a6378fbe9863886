// The http section's arithmetic (scripts/bench/http-bench.ts): spreads over runs, the database's CPU between readings, and the page faults read beside it.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { backendsGrowth, mallocSettings, signTestP, spread } from './http-bench';
import { collectOwnGarbage, minorFaults, percentile } from './measure';

describe('http bench figures', () => {
  it('min / median / max over runs', () => {
    expect(spread([3, 1, 2])).toBe('1.0 / 2.0 / 3.0');
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
  });

  it('the database CPU counts each backend’s growth; a new backend from zero, a closed one never negative', () => {
    const before = new Map([
      [10, 100],
      [11, 50],
    ]);
    const after = new Map([
      [10, 130],
      [12, 20],
    ]);
    expect(backendsGrowth(before, after)).toBe(50);
  });

  it('reads a process’s page faults, which grow as it touches memory it has not touched before', () => {
    const before = minorFaults(process.pid);
    const touched = Buffer.alloc(64 * 1024 * 1024, 1); // 16,384 pages of 4 kB, each written
    expect(minorFaults(process.pid) - before).toBeGreaterThan(4_000);
    expect(touched.at(-1)).toBe(1);
    expect(minorFaults(2 ** 30)).toBe(0); // no such process
  });

  it('names the malloc settings PostgreSQL runs with, or glibc’s defaults', () => {
    const environ = (...entries: string[]) => [...entries, ''].join('\0');
    expect(mallocSettings(environ('PGDATA=/var/lib/postgresql/15/main', 'LANG=C.UTF-8'))).toBe('glibc’s defaults');
    expect(mallocSettings(environ('PGDATA=/x', 'MALLOC_MMAP_THRESHOLD_=4194304', 'MALLOC_TRIM_THRESHOLD_=16777216'))).toBe(
      'MALLOC_MMAP_THRESHOLD_=4194304 MALLOC_TRIM_THRESHOLD_=16777216',
    );
    expect(mallocSettings(environ('GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4194304'))).toBe(
      'GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4194304',
    );
  });

  it('the sign test of a comparison of two builds: how likely so lopsided a split is by chance', () => {
    expect(signTestP(8, 8)).toBeCloseTo(2 / 256, 6);
    expect(signTestP(0, 8)).toBeCloseTo(2 / 256, 6);
    expect(signTestP(6, 8)).toBeCloseTo((2 * (28 + 8 + 1)) / 256, 6);
    expect(signTestP(4, 8)).toBe(1);
    expect(signTestP(3, 6)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
  });

  it('empties its own young generation before a timed request, without being started with --expose-gc', async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) =>
      kinds.push(...list.getEntries().map((entry) => (entry as unknown as { detail: { kind: number } }).detail.kind)),
    );
    observer.observe({ entryTypes: ['gc'] });
    collectOwnGarbage();
    await new Promise((resolve) => setTimeout(resolve, 20));
    observer.disconnect();
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
  });
});
