import { describe, expect, it } from 'vitest';
import { escapePercentSigns, isDecodablePath, undecodableTarget } from './path-encoding';

describe('isDecodablePath', () => {
  it.each(['/agent/memories/mem_01', '/api/trpc/memories.list,viewer.me', '/memories/a%20b', '/caf%C3%A9'])('accepts %s', (path) => {
    expect(isDecodablePath(path)).toBe(true);
  });

  it.each(['/agent/memories/%ff%fe', '/api/trpc/%ff', '/memories/%E0%A4%A', '/x/%', '/x/%zz'])('refuses %s', (path) => {
    expect(isDecodablePath(path)).toBe(false);
  });
});

describe('escapePercentSigns', () => {
  it('yields a path that decodes to the text that was sent', () => {
    const sent = '/api/trpc/%ff%20x';
    expect(decodeURIComponent(escapePercentSigns(sent))).toBe(sent);
  });
});

describe('undecodableTarget', () => {
  it.each([
    ['/api/trpc/%ff', { route: 'trpc', path: '/api/trpc/%25ff' }],
    ['/api/trpc/memories.list,%ff', { route: 'trpc', path: '/api/trpc/memories.list,%25ff' }],
    ['/agent/memories/%ff%fe', { route: 'agent-memory', id: '%ff%fe' }],
    ['/agent/memories/%ff/', { route: 'agent-memory', id: '%ff' }],
    ['/agent/memories/%ff/more', { route: 'unknown' }],
    ['/api/auth/%ff', { route: 'unknown' }],
    ['/memories/%ff', { route: 'unknown' }],
  ])('sends %s to %j', (path, target) => {
    expect(undecodableTarget(path)).toEqual(target);
  });
});
