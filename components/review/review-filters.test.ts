import { describe, expect, it } from 'vitest';
import { reviewFilterParams, reviewFiltersFromParams, reviewListInput } from './review-filters';

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
