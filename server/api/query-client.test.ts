// The shared recipe's retries: a refusal is final, a lost connection or an overloaded server is not.
import { describe, expect, it } from 'vitest';
import { makeQueryClient } from './query-client';

describe('retries', () => {
  const retry = makeQueryClient().getDefaultOptions().queries!.retry as (count: number, error: unknown) => boolean;
  const answered = (httpStatus: number) => ({ data: { httpStatus } });

  it.each([
    ['a lost connection', new Error('Failed to fetch') as unknown, true],
    ['a server error', answered(500), true],
    ['too many requests at once (429)', answered(429), true],
    ['a refusal (403)', answered(403), false],
    ['an invalid input (400)', answered(400), false],
  ])('after %s: retried %s', (_case, error, retried) => {
    expect(retry(0, error)).toBe(retried);
  });

  it('gives up after two retries', () => {
    expect(retry(2, answered(429))).toBe(false);
  });
});
