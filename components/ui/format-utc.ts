// A moment in the console's one locale and in UTC ("6 Dec 2026, 10:00 UTC", as RelativeTime's exact
// dates), so the server's render and the browser's agree. One formatter, made once: making one
// costs about a hundred times more than using it, and lists format a date per row.
const utcDateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function formatUtc(iso: string): string {
  return `${utcDateTime.format(new Date(iso))} UTC`;
}
