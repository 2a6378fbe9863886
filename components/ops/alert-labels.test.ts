import { describe, expect, it } from 'vitest';
import { alwaysOnFactsCount, turnsCount } from './alert-labels';

describe('alert counts', () => {
  it('say one turn or several, never "turn(s)"', () => {
    expect(turnsCount(1)).toBe('1 turn');
    expect(turnsCount(85)).toBe('85 turns');
    expect(turnsCount(12345)).toBe('12,345 turns');
  });

  it('say one always-on fact or several', () => {
    expect(alwaysOnFactsCount(1)).toBe('1 always-on fact');
    expect(alwaysOnFactsCount(2)).toBe('2 always-on facts');
  });
});
