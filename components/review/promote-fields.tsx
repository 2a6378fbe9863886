'use client';
// The parts of the publish form: where to publish, whose conclusions it stands on, and, when the
// place already holds a fact for the key, what changes.
import type { PromotionSourceOption, PromotionTarget } from '@/components/trpc/outputs';
import { cn } from '@/components/ui/cn';
import { changedProperties, type FactSettings } from './promote-proposal';
import { targetDescription } from './promote-wording';

export const checkClass =
  'mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const legendClass = 'text-sm font-medium';
const quoteClass = 'break-words rounded-md px-3 py-2 text-sm';

export function TargetPicker({
  targets,
  value,
  onChange,
}: {
  targets: PromotionTarget[];
  value: string;
  onChange: (scope: string) => void;
}) {
  return (
    <fieldset>
      <legend className={legendClass}>Publish for</legend>
      <div className="mt-1 space-y-1">
        {targets.map((target) => (
          <label key={target.scope} className="flex items-start gap-2 rounded-md p-1 text-sm">
            <input
              type="radio"
              name="target"
              className={checkClass}
              checked={value === target.scope}
              onChange={() => onChange(target.scope)}
            />
            <span>
              <span className="font-medium">{target.label}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {targetDescription(target)}
                {target.current ? ' Already has a published fact for this key.' : ''}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SourcePicker({
  sources,
  sourceCount,
  selected,
  onChange,
}: {
  sources: PromotionSourceOption[];
  sourceCount: number;
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <fieldset>
      <legend className={legendClass}>Based on what the assistant concluded about</legend>
      {sources.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">The assistant holds no conclusions under this key any more.</p>
      ) : null}
      <ul
        className={cn(
          'mt-1 max-h-40 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700',
          sources.length === 0 && 'hidden',
        )}
      >
        {sources.map((source) => (
          <li key={source.id}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className={checkClass}
                checked={selected.includes(source.id)}
                onChange={(event) => toggle(source.id, event.target.checked)}
              />
              <span className="min-w-0 break-words">
                <span className="font-medium">{source.personName ?? source.actorRef}</span>: {source.text}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {sourceCount > sources.length ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Showing the {sources.length} newest of {sourceCount} conclusions.
        </p>
      ) : null}
    </fieldset>
  );
}

const onOff = (pinned: boolean) => (pinned ? 'Always on' : 'Used when relevant');

/**
 * What replacing the place's fact changes, property by property (text and always on): each one that
 * changes as now → new, each one that stays as it is.
 */
export function FactChange({ place, current, proposed }: { place: string; current: FactSettings; proposed: FactSettings }) {
  const changed = changedProperties(current, proposed);
  const sameText = !changed.includes('text');
  const samePin = !changed.includes('pinned');
  const same = changed.length === 0;
  return (
    <section aria-label="What changes" className="space-y-1">
      <p className="text-sm font-medium">{same ? `${place} already says this:` : `This replaces what ${place} says now:`}</p>
      <p className={cn(quoteClass, 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100', sameText && 'hidden')}>
        <span className="font-medium">Now: </span>
        <del>{current.text}</del>
      </p>
      <p className={cn(quoteClass, 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100')}>
        <span className="font-medium">{sameText ? 'Text: ' : 'New: '}</span>
        <ins className="no-underline">{proposed.text}</ins>
      </p>
      {samePin ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{onOff(current.pinned)}, as now.</p>
      ) : (
        <p
          className={cn(
            quoteClass,
            'border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100',
          )}
        >
          <span className="font-medium">Always on changes: </span>
          <del>{onOff(current.pinned)}</del> → <ins className="no-underline">{onOff(proposed.pinned)}</ins>
        </p>
      )}
    </section>
  );
}
