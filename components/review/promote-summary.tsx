'use client';
// The last step before publishing: what will happen, in words a non-engineer can check.
import { useId } from 'react';
import { Button } from '@/components/ui/button';

export interface PromoteSummaryProps {
  place: string;
  text: string;
  /** What the place holds now, when publishing replaces it. */
  replaces: { text: string; pinned: boolean } | null;
  pinned: boolean;
  /** How many of the assistant's copies are removed (0: none). */
  retiring: number;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

export function PromoteSummary({ place, text, replaces, pinned, retiring, busy, onBack, onConfirm }: PromoteSummaryProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3 text-sm">
      <h3 id={titleId} className="font-semibold">
        Please check before publishing
      </h3>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          For {place}, the assistant will treat this as a stated fact: <q className="font-medium break-words">{text}</q>
        </li>
        {replaces ? (
          <li>
            It replaces what {place} says now: <q className="break-words">{replaces.text}</q>
          </li>
        ) : null}
        <li>
          {pinned ? 'It is always on: the assistant brings it into every conversation.' : 'The assistant uses it when it is relevant.'}
          {replaces && replaces.pinned && !pinned ? ' It stops being always on (today it is).' : ''}
          {replaces && !replaces.pinned && pinned ? ' It becomes always on (today it is not).' : ''}
        </li>
        {retiring > 0 ? (
          <li>
            The assistant’s own copies are removed from {retiring === 1 ? 'one person' : `${retiring} people`}. This cannot be undone here;
            what people said themselves stays.
          </li>
        ) : null}
        <li>A person’s own note on this key still comes first for them.</li>
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack} disabled={busy} autoFocus={retiring > 0}>
          Back to editing
        </Button>
        <Button onClick={onConfirm} disabled={busy} autoFocus={retiring === 0}>
          {busy ? 'Publishing…' : replaces ? 'Replace and publish' : 'Publish'}
        </Button>
      </div>
    </section>
  );
}
