import { describe, expect, it } from 'vitest';
import { repairPercentEncoding } from './path-encoding';

describe('repairPercentEncoding', () => {
  it.each(['/agent/memories/mem_01', '/api/trpc/memories.list,viewer.me', '/memories/a%20b', '/caf%C3%A9'])('leaves %s as it is', (path) => {
    expect(repairPercentEncoding(path)).toBe(path);
  });

  it.each([
    ['/agent/memories/%ff%fe', '/agent/memories/%25ff%25fe'],
    ['/api/trpc/%ff', '/api/trpc/%25ff'],
    ['/memories/%E0%A4%A', '/memories/%25E0%25A4%25A'],
    ['/x/%', '/x/%25'],
  ])('escapes the percent signs of %s so it decodes to the literal text', (path, repaired) => {
    expect(repairPercentEncoding(path)).toBe(repaired);
    expect(() => decodeURIComponent(repaired)).not.toThrow();
  });
});
