'use client';
// The secret of a token just created: shown once, with a copy button. Focus lands here so a
// keyboard or screen-reader user meets it first.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CreatedApiToken } from '@/components/trpc/outputs';

export function SecretPanel({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => heading.current?.focus(), [token.id]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section
      aria-labelledby="secret-heading"
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950/50"
    >
      <h2 id="secret-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        Token “{token.name}” created
      </h2>
      <p className="mt-1 text-sm text-emerald-900 dark:text-emerald-100">
        Copy the secret now and store it where the runtime reads it. It will not be shown again.
      </p>
      <label htmlFor="token-secret" className="mt-3 block text-sm font-medium">
        Secret
      </label>
      <input
        id="token-secret"
        readOnly
        value={token.secret}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>Copy secret</Button>
        <Button variant="secondary" onClick={onDone}>
          I have stored it
        </Button>
        <span role="status" className="text-sm">
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying failed; select the secret and copy it by hand.' : ''}
        </span>
      </div>
    </section>
  );
}
