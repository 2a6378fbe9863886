'use client';
// "3 days ago", with the exact time on hover. The server and the first client render show a fixed
// UTC date so hydration matches; the relative wording takes over once the browser's clock is known.
// Takes the ISO string the API sends (dates cross the wire as strings).
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, 30_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getSnapshot = () => (now ??= Date.now());
const getServerSnapshot = () => null;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const utcDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const utcExact = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
// In the browser's own time zone: made once, on the first render there (a list of 50 rows made one
// per row on every render, and a formatter costs more to make than to use).
let localExact: Intl.DateTimeFormat | undefined;

export function formatRelative(date: Date, nowMs: number): string {
  const elapsed = nowMs - date.getTime();
  if (elapsed < 60_000) return 'just now';
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

export function RelativeTime({ iso }: { iso: string }) {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const date = new Date(iso);
  const exact =
    current === null
      ? `${utcExact.format(date)} UTC`
      : (localExact ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' })).format(date);
  return (
    <time dateTime={iso} title={exact}>
      {current === null ? utcDate.format(date) : formatRelative(date, current)}
    </time>
  );
}
