'use client';
// "Valid until", under an "Advanced" disclosure: the date and time after which the assistant no
// longer uses a memory or fact (docs/concepts.md "The life of a memory"). Empty keeps what the
// record has; the server checks it is ahead and at most ten years out, and says so by field.
import { useId } from 'react';

/** The local date and time the field shows, as the ISO instant the server takes (or undefined). */
export function expiryInstant(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export function ExpiryField({
  value,
  onChange,
  summary,
  label,
  error,
}: {
  value: string;
  onChange: (local: string) => void;
  /** What the disclosure says, e.g. "Advanced: forget this on a date". */
  summary: string;
  label: string;
  error?: string | null;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <details className="mt-2 text-sm" open={value !== '' || Boolean(error) || undefined}>
      <summary className="cursor-pointer text-xs font-medium text-indigo-700 dark:text-indigo-300">{summary}</summary>
      <div className="mt-2 max-w-sm">
        <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Leave empty to keep it until deleted. At most ten years ahead.
        </p>
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    </details>
  );
}
