'use client';
// The keys named in the address, each with "Publish…", and "Publish all…" for several: a direct way
// into the publish dialogs (the review queue opens the same dialogs from its groups).
import { useEffect, useRef, useState } from 'react';
import type { PromotionResult } from '@/components/trpc/outputs';
import { Button } from '@/components/ui/button';
import { BulkPromoteDialog } from './bulk-promote-dialog';
import { PromoteDialog } from './promote-dialog';

export function PublishKeysPanel({ keys, tenantRef }: { keys: string[]; tenantRef: string }) {
  const [open, setOpen] = useState<string | 'all' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const openers = useRef(new Map<string, HTMLButtonElement | null>());
  const returnFocusTo = useRef<string | null>(null);

  // The dialog leaves the page when it closes: once it is gone, focus goes back to its opener.
  useEffect(() => {
    if (open !== null || !returnFocusTo.current) return;
    openers.current.get(returnFocusTo.current)?.focus();
    returnFocusTo.current = null;
  }, [open]);

  function closed(published?: PromotionResult) {
    returnFocusTo.current = open;
    setOpen(null);
    if (published) setNotice(`Published “${published.key}”: ${published.text}`);
  }

  if (keys.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No key chosen. Open a key from the review queue to publish it.</p>;
  }
  return (
    <div className="space-y-4">
      <p role="status" className="min-h-5 text-sm text-emerald-800 dark:text-emerald-300">
        {notice}
      </p>
      <ul className="space-y-2">
        {keys.map((key) => (
          <li
            key={key}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <span className="font-mono text-sm break-all">{key}</span>
            <Button
              ref={(element) => {
                openers.current.set(key, element);
              }}
              variant="secondary"
              onClick={() => setOpen(key)}
              aria-label={`Publish ${key}…`}
            >
              Publish…
            </Button>
          </li>
        ))}
      </ul>
      {keys.length > 1 ? (
        <Button
          ref={(element) => {
            openers.current.set('all', element);
          }}
          onClick={() => setOpen('all')}
        >
          Publish all {keys.length}…
        </Button>
      ) : null}
      {open === 'all' ? <BulkPromoteDialog groups={keys.map((key) => ({ key, tenantRef }))} onClose={() => closed()} /> : null}
      {open && open !== 'all' ? <PromoteDialog group={{ key: open, tenantRef }} onClose={closed} /> : null}
    </div>
  );
}
