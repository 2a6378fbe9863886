import { describe, expect, it } from 'vitest';
import { reviewFilterParams, reviewFiltersFromParams, reviewListInput, reviewTabOf, withReviewTab } from './review-filters';

const fromQuery = (query: string) => reviewFiltersFromParams(new URLSearchParams(query));

describe('the queue’s "shared by at least" filter', () => {
  it.each([
    ['', '2', 2, ''],
    ['min=2', '2', 2, ''],
    ['min=1', '1', undefined, 'min=1'],
    ['min=5', '5', 5, 'min=5'],
    ['min=0', '2', 2, ''],
    ['min=abc', '2', 2, ''],
  ])('?%s shows keys of at least %s people (review.list min %s), written back as "%s"', (query, min, listMin, written) => {
    const filters = fromQuery(query);
    expect(filters.min).toBe(min);
    expect(reviewListInput(filters).min).toBe(listMin);
    expect(reviewFilterParams(filters).toString()).toBe(written);
  });
});

describe('the queue’s tabs', () => {
  it.each([
    ['', 'review', false, undefined],
    ['published=no', 'review', false, undefined],
    ['published=yes', 'published', true, undefined],
    ['dismissed=1', 'dismissed', undefined, true],
    ['published=yes&dismissed=1', 'dismissed', undefined, true],
  ])('?%s is the %s tab (review.list published %s, dismissed %s)', (query, tab, published, dismissed) => {
    const filters = fromQuery(query);
    expect(reviewTabOf(filters)).toBe(tab);
    expect(reviewListInput(filters).published).toBe(published);
    expect(reviewListInput(filters).dismissed).toBe(dismissed);
  });

  it.each([
    ['', 'review', false, false],
    ['snoozed=1', 'snoozed', false, true],
    ['snoozed=1&published=yes', 'snoozed', false, true],
    ['published=yes', 'published', true, undefined],
    ['snoozed=1&dismissed=1', 'dismissed', undefined, undefined],
  ])('?%s is the %s tab (review.list published %s, snoozed %s)', (query, tab, published, snoozed) => {
    const filters = fromQuery(query);
    expect(reviewTabOf(filters)).toBe(tab);
    expect(reviewListInput(filters).published).toBe(published);
    expect(reviewListInput(filters).snoozed).toBe(snoozed);
  });

  it('moving to a tab keeps the search and people filter and starts from the top', () => {
    const moved = withReviewTab(fromQuery('q=slide&min=1&after=abc'), 'dismissed');
    expect(reviewFilterParams(moved).toString()).toBe('q=slide&min=1&dismissed=1');
    expect(reviewFilterParams(withReviewTab(moved, 'review')).toString()).toBe('q=slide&min=1');
    expect(reviewFilterParams(withReviewTab(moved, 'snoozed')).toString()).toBe('q=slide&min=1&snoozed=1');
  });
});
