// Dates on the API tokens page, in the console's one locale and in UTC (as RelativeTime's exact
// dates), so the server's render and the browser's agree.
const utcDateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function formatUtc(iso: string): string {
  return `${utcDateTime.format(new Date(iso))} UTC`;
}
