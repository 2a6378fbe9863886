'use client';
// A one-time sign-in link just made (an invite or a password reset): shown once, with a copy
// button. Focus lands on its heading once React has put it on the page.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

export interface ShownLink {
  /** The path the server answered (`/welcome/…`); the page adds its own origin. */
  path: string;
  expiresAt: string;
  heading: string;
}

export function LinkPanel({ link, onDone }: { link: ShownLink; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => heading.current?.focus(), [link.path]);
  const url = typeof window === 'undefined' ? link.path : `${window.location.origin}${link.path}`;
  const expires = new Date(link.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section
      aria-labelledby="link-heading"
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950/50"
    >
      <h2 id="link-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        {link.heading}
      </h2>
      <p className="mt-1 text-sm text-emerald-900 dark:text-emerald-100">
        Copy this link and give it to the person. It works once, until {expires}. It will not be shown again.
      </p>
      <label htmlFor="sign-in-link" className="mt-3 block text-sm font-medium">
        One-time link
      </label>
      <input
        id="sign-in-link"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>Copy link</Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
        <span role="status" className="text-sm">
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying failed; select the link and copy it by hand.' : ''}
        </span>
      </div>
    </section>
  );
}
