// The Operations charts' axis labels and spans for each bucket size (always UTC).
import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketSpan } from './bucket-labels';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = '2026-12-06T23:45:00.000Z';

describe('a bucket in words', () => {
  it.each([
    [MINUTE, '23:45', '6 Dec 2026, 23:45–23:46 UTC'],
    [15 * MINUTE, '23:45', '6 Dec 2026, 23:45–00:00 UTC'],
    [HOUR, '6 Dec, 23:45', '6 Dec 2026, 23:45–00:45 UTC'],
    [6 * HOUR, '6 Dec, 23:45', '6 Dec 2026, 23:45–05:45 UTC'],
    [DAY, '6 Dec', '6 Dec 2026 UTC'],
    [7 * DAY, '6 Dec', '6 Dec 2026 – 13 Dec 2026 UTC'],
  ])('a bucket of %i ms: "%s" on the axis, "%s" in full', (bucketMs, label, span) => {
    expect(bucketLabel(START, bucketMs)).toBe(label);
    expect(bucketSpan(START, bucketMs)).toBe(span);
  });

  it('says the same as the date’s own words in UTC, whatever zone the browser is in', () => {
    const at = new Date(START);
    expect(bucketLabel(START, HOUR)).toBe(
      at.toLocaleString('en-GB', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
    );
  });
});
