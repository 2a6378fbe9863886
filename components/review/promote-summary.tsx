'use client';
// The last step before publishing: what will happen, in words a non-engineer can check.
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { reachWords } from './publish-reach';

export interface PromoteSummaryProps {
  place: string;
  text: string;
  /** What the place holds now, when publishing replaces it. */
  replaces: { text: string; pinned: boolean } | null;
  pinned: boolean;
  /** Who the fact reaches at the place, once counted. */
  reach: { people: number; organisations: number; peopleOver: number } | undefined;
  /** How many of the assistant's copies are removed (0: none). */
  retiring: number;
  /** The name of the only person whose conclusion it is, when one person holds the key: publishing it needs an explicit yes. */
  onePerson: string | null;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

export function PromoteSummary({
  place,
  text,
  replaces,
  pinned,
  reach,
  retiring,
  onePerson,
  busy,
  onBack,
  onConfirm,
}: PromoteSummaryProps) {
  const titleId = useId();
  const personalHintId = useId();
  const [personalConfirmed, setPersonalConfirmed] = useState(false);
  const [personalMissing, setPersonalMissing] = useState(false);
  const personalRef = useRef<HTMLInputElement>(null);

  function confirm() {
    if (onePerson !== null && !personalConfirmed) {
      setPersonalMissing(true);
      personalRef.current?.focus();
      return;
    }
    onConfirm();
  }

  return (
    <section aria-labelledby={titleId} className="space-y-3 text-sm">
      <h3 id={titleId} className="font-semibold">
        Please check before publishing
      </h3>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          For {place}, the assistant will treat this as a stated fact: <q className="font-medium break-words">{text}</q>
        </li>
        {reach ? <li>It reaches {reachWords(reach)}.</li> : null}
        {reach && pinned && reach.peopleOver > 0 ? (
          <li>
            Always on, it leaves some always-on facts out for {reach.peopleOver === 1 ? 'one person' : `${reach.peopleOver} people`}: their
            assistant cannot carry them all.
          </li>
        ) : null}
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
      {onePerson !== null ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
          <label className="flex items-start gap-2">
            <input
              ref={personalRef}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-amber-700"
              checked={personalConfirmed}
              onChange={(event) => {
                setPersonalConfirmed(event.target.checked);
                setPersonalMissing(false);
              }}
              aria-describedby={personalHintId}
              aria-invalid={personalMissing || undefined}
            />
            <span>
              Yes, publish what the assistant concluded about {onePerson} alone, for {place}.
            </span>
          </label>
          <p id={personalHintId} className="mt-1 pl-6">
            {personalMissing
              ? 'Tick this box to publish it: only one person holds this key, so it may be personal to them.'
              : 'Only one person holds this key, so it may be personal to them.'}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack} disabled={busy} autoFocus={retiring > 0}>
          Back to editing
        </Button>
        <Button onClick={confirm} disabled={busy} autoFocus={retiring === 0}>
          {busy ? 'Publishing…' : replaces ? 'Replace and publish' : 'Publish'}
        </Button>
      </div>
    </section>
  );
}
