'use client';
// "What the assistant sees": the memories one turn would carry for the person now, under their
// organisation's budget, which ones were left out, and the digest the runtime reports.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { describeScope, scopeKind, type RenderedLine, type ResolvedEntry } from '@/server/domain';
import { AlwaysOnMarker } from './always-on-marker';
import { ScopeBadge } from './scope-badge';
import { cn } from '@/components/ui/cn';
import type { RouterOutputs } from '@/components/trpc/outputs';

function PreviewLine({
  entry,
  actorRef,
  labels,
}: {
  entry: Pick<RenderedLine, 'key' | 'text' | 'scope' | 'alwaysOn'>;
  actorRef?: string;
  labels: Labels;
}) {
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center gap-1.5">
        <code className="font-mono text-xs text-slate-800 dark:text-slate-200">{entry.key}</code>
        <ScopeBadge
          scope={entry.scope}
          words={{ audience: describeScope(entry.scope, actorRef).audience, kind: scopeKind(entry.scope), label: labels[entry.scope] }}
        />
        {entry.alwaysOn ? <AlwaysOnMarker /> : null}
      </div>
      <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{entry.text}</p>
    </li>
  );
}

function Stat({ label, value, warn = false }: { label: string; value: string | number; warn?: boolean }) {
  return (
    <div className={cn('rounded-md px-3 py-2', warn ? 'bg-amber-50 dark:bg-amber-950/50' : 'bg-slate-50 dark:bg-slate-800/60')}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', warn && 'text-amber-900 dark:text-amber-200')}>{value}</dd>
    </div>
  );
}

/** Custom scopes' labels by token ("depot:hh" → "Hamburg depot"). */
type Labels = Record<string, string>;

function LineGroup({
  title,
  lines,
  actorRef,
  labels,
}: {
  title: string;
  lines: Pick<ResolvedEntry, 'id' | 'key' | 'text' | 'scope' | 'alwaysOn'>[];
  actorRef?: string;
  labels: Labels;
}) {
  const headingId = useId();
  if (lines.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {title} ({lines.length})
      </h3>
      <ul aria-labelledby={headingId} className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
        {lines.map((line) => (
          <PreviewLine key={line.id} entry={line} actorRef={actorRef} labels={labels} />
        ))}
      </ul>
    </div>
  );
}

type TurnPreview = RouterOutputs['memories']['preview'];

/** The first keys the turn leaves out (`total` of them in all), and how many more there are. */
function OmittedKeys({ total, firstKeys }: { total: number; firstKeys: string[] }) {
  const headingId = useId();
  if (total === 0) return null;
  const more = total - firstKeys.length;
  return (
    <div className="mt-4">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        Left out this turn ({total})
      </h3>
      <ul aria-labelledby={headingId} className="mt-1 flex flex-wrap gap-1.5">
        {firstKeys.map((key) => (
          <li key={key}>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {key}
            </code>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">and {more.toLocaleString('en-GB')} more</p> : null}
    </div>
  );
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

/**
 * What the turn actually leaves out, split into the person's own memories and the shared ones their
 * organisation (or an administrator for everyone) set: "Left out this turn: 2 of your own memories
 * and 3 shared by your organisation."
 */
export function leftOutSentence(omitted: { count: number; own: number }, person?: string): string {
  const whose = person ? 'their' : 'your';
  const shared = omitted.count - omitted.own;
  const own = count(omitted.own, `of ${whose} own memories`, `of ${whose} own memories`);
  const sharedWords = `${count(shared, 'memory', 'memories')} shared by ${whose} organisation`;
  if (omitted.own > 0 && shared > 0) return `Not everything fits into one turn. Left out: ${own} and ${sharedWords}.`;
  if (omitted.own > 0) return `Not everything fits into one turn. Left out: ${own}; everything shared by ${whose} organisation is carried.`;
  return `Not everything fits into one turn. Left out: ${sharedWords}; all of ${whose} own memories are carried.`;
}

/** The person's own preview, on My memories. */
export function AssistantPreviewPanel() {
  const trpc = useTRPC();
  const { data: preview } = useSuspenseQuery(trpc.memories.preview.queryOptions());
  const { data: me } = useSuspenseQuery(trpc.viewer.me.queryOptions());
  return <AssistantPreviewContent preview={preview} actorRef={me.actorRef} />;
}

/**
 * The preview of one person's next turn. `person` names them when an administrator looks at a
 * member's turn (Member preview); without it the words address the reader.
 */
export function AssistantPreviewContent({ preview, actorRef, person }: { preview: TurnPreview; actorRef: string; person?: string }) {
  const { digest, block } = preview;
  const about = person ?? 'you';
  return (
    <div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        One turn of a conversation carries at most {preview.maxMemories} memories about {about} ({person ? 'their' : 'your'} organisation’s
        limit). Always-on memories go first.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4 xl:grid-cols-2">
        <Stat label="Carried" value={`${digest.offered} of ${digest.offered + digest.omitted}`} />
        <Stat label="Left out" value={digest.omitted} warn={digest.omitted > 0} />
        <Stat label="Always-on left out" value={digest.pinnedOmitted} warn={digest.pinnedOmitted > 0} />
        <Stat label="Characters it reads" value={digest.promptChars.toLocaleString('en-GB')} />
      </dl>
      {block.partial ? (
        <div
          role="note"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <p className="font-medium">Partial selection</p>
          <p className="mt-0.5">{leftOutSentence({ count: digest.omitted, own: preview.omitted.own }, person)}</p>
          <p className="mt-1">
            The assistant is told its list is incomplete, so it will not claim {about} never said something that was left out.
            {digest.pinnedOmitted > 0
              ? ` ${digest.pinnedOmitted} always-on ${digest.pinnedOmitted === 1 ? 'memory does' : 'memories do'} not fit either; an administrator can pin fewer topics or raise the limit.`
              : ''}
          </p>
        </div>
      ) : null}
      {digest.offered === 0 && digest.omitted === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Nothing yet: the assistant starts each conversation without memories about {about}.
        </p>
      ) : null}
      <LineGroup title="Stated by people" lines={block.stated} actorRef={actorRef} labels={preview.scopeLabels} />
      <LineGroup title="Concluded by the assistant" lines={block.concluded} actorRef={actorRef} labels={preview.scopeLabels} />
      <OmittedKeys total={digest.omitted} firstKeys={preview.omitted.firstKeys} />
      {block.text ? (
        <details className="mt-4 rounded-md border border-slate-200 dark:border-slate-700">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Show the exact text the assistant reads</summary>
          <pre
            tabIndex={0}
            aria-label="The memory block as the assistant reads it"
            className="max-h-80 overflow-auto border-t border-slate-200 bg-slate-50 p-3 text-xs leading-relaxed whitespace-pre-wrap text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200"
          >
            {block.text}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

export function AssistantPreviewSkeleton() {
  return (
    <div role="status" aria-label="Loading the preview" className="space-y-3">
      <div className="h-4 w-full animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="grid grid-cols-2 gap-2">
        {[0, 1, 2, 3].map((cell) => (
          <div key={cell} className="h-14 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800/60" />
        ))}
      </div>
      <div className="h-24 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
    </div>
  );
}
