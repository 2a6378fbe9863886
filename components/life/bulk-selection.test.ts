// The words of a batch: the exact count on every button and what the notice says was done or left.
import { describe, expect, it } from 'vitest';
import { bulkResultText, countOf } from './bulk-selection';

const none = { done: 0, unchanged: 0, 'not-found': 0, refused: 0, 'changed-since': 0 };

describe('countOf', () => {
  it('says one in the singular and any other count in the plural', () => {
    expect(countOf(1, 'memory')).toBe('1 memory');
    expect(countOf(3, 'memory')).toBe('3 memories');
    expect(countOf(0, 'fact')).toBe('0 facts');
    expect(countOf(1, 'fact')).toBe('1 fact');
    expect(countOf(1500, 'fact')).toBe('1,500 facts');
  });
});

describe('bulkResultText', () => {
  it('says how many were done', () => {
    expect(bulkResultText({ ...none, done: 3 }, 'Forgot', 'memory')).toBe('Forgot 3 memories.');
  });

  it('names what was left and why, outcome by outcome', () => {
    const text = bulkResultText(
      { done: 2, unchanged: 1, 'not-found': 1, refused: 2, 'changed-since': 1 },
      'Confirmed',
      'fact',
      'a pinned fact must be unpinned first',
    );
    expect(text).toBe(
      'Confirmed 2 facts. 1 fact needed no change. 2 facts could not be changed: a pinned fact must be unpinned first. ' +
        '1 fact changed since you loaded the page and was left as it is. 1 fact no longer existed.',
    );
  });
});
