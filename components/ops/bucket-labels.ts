// The Operations charts' words for a bucket of time, in UTC: the axis label and the full span.
const DAY_MS = 86_400_000;

// Made once: a formatter costs about a hundred times more to make than to use, and the charts
// label up to 72 buckets three or four times each.
const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const LABEL_DAY = utc({ month: 'short', day: 'numeric' });
const LABEL_HOUR = utc({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const TIME = utc({ hour: '2-digit', minute: '2-digit' });
const DAY = utc({ day: 'numeric', month: 'short', year: 'numeric' });

/** A bucket's short label on the axis: "6 Dec", "6 Dec, 10:00" or "10:00" by the bucket's size. */
export function bucketLabel(iso: string, bucketMs: number): string {
  const format = bucketMs >= DAY_MS ? LABEL_DAY : bucketMs >= 3_600_000 ? LABEL_HOUR : TIME;
  return format.format(new Date(iso));
}

/** The full label of a bucket: its span, with the zone. */
export function bucketSpan(iso: string, bucketMs: number): string {
  const start = new Date(iso);
  const end = new Date(start.getTime() + bucketMs);
  if (bucketMs >= DAY_MS)
    return bucketMs === DAY_MS ? `${DAY.format(start)} UTC` : `${DAY.format(start)} – ${DAY.format(new Date(end.getTime() - 1))} UTC`;
  return `${DAY.format(start)}, ${TIME.format(start)}–${TIME.format(end)} UTC`;
}
