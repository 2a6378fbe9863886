import { describe, expect, it } from 'vitest';
import { addHistograms, histogramPercentile } from './histogram-percentile';

const bounds = [100, 200, 400];

describe('histogramPercentile', () => {
  it('is null when nothing was counted', () => {
    expect(histogramPercentile([0, 0, 0, 0], 0.5, 0, bounds)).toBeNull();
  });

  it('interpolates inside the bucket that holds the rank', () => {
    // 10 values in (100, 200]: the median sits halfway through that bucket.
    expect(histogramPercentile([0, 10, 0, 0], 0.5, 200, bounds)).toBe(150);
    // 10 in [0, 100], 10 in (100, 200]: p50 is the top of the first bucket, p95 near the top of the second.
    expect(histogramPercentile([10, 10, 0, 0], 0.5, 190, bounds)).toBe(100);
    expect(histogramPercentile([10, 10, 0, 0], 0.95, 200, bounds)).toBe(190);
  });

  it('never answers more than the largest value seen', () => {
    expect(histogramPercentile([0, 0, 4, 0], 0.95, 250, bounds)).toBe(250);
  });

  it('uses the largest value as the upper edge of the last bucket', () => {
    expect(histogramPercentile([0, 0, 0, 2], 0.5, 1400, bounds)).toBe(900);
  });
});

describe('addHistograms', () => {
  it('adds element-wise, treating missing entries as 0', () => {
    expect(addHistograms([], [1, 2])).toEqual([1, 2]);
    expect(addHistograms([1, 2, 3], [1])).toEqual([2, 2, 3]);
  });
});
