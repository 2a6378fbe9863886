'use client';
// A value the server hands out once (a one-time sign-in link, a token's secret): shown in a
// read-only field with a copy button and a button that dismisses it. Focus lands on its heading
// once React has put it on the page, so a keyboard or screen-reader user meets it first.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function ShownOncePanel({
  headingId,
  heading,
  focusKey,
  noun,
  field,
  doneLabel,
  onDone,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  /** The heading takes focus again when this changes (another value is shown). */
  focusKey: string;
  /** What the value is called in the copy button and the copy-failed hint: "link", "secret". */
  noun: string;
  field: { id: string; label: string; value: string };
  doneLabel: string;
  onDone: () => void;
  /** What to do with the value, under the heading. */
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => headingRef.current?.focus(), [focusKey]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(field.value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950/50"
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {heading}
      </h2>
      <p className="mt-1 text-sm text-emerald-900 dark:text-emerald-100">{children}</p>
      <label htmlFor={field.id} className="mt-3 block text-sm font-medium">
        {field.label}
      </label>
      <input
        id={field.id}
        readOnly
        value={field.value}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>Copy {noun}</Button>
        <Button variant="secondary" onClick={onDone}>
          {doneLabel}
        </Button>
        <span role="status" className="text-sm">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? `Copying failed; select the ${noun} and copy it by hand.`
              : ''}
        </span>
      </div>
    </section>
  );
}
