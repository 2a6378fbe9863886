// The wordings of a group, clustered: each cluster's most-held wording with the people who hold
// exactly it, the other wordings of the cluster underneath with theirs, and the cluster's total
// apart. Wordings that differ in a number, a negation or an opposite are never one cluster
// (server/domain/merge-guard.ts).
import type { ReviewGroup } from '@/components/trpc/outputs';

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

export function ClusterList({ clusters, limit }: { clusters: ReviewGroup['clusters']; limit?: number }) {
  const shown = limit === undefined ? clusters : clusters.slice(0, limit);
  return (
    <div>
      <ul className="space-y-2" aria-label="Wordings">
        {shown.map((cluster) => (
          <li key={cluster.representative} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <q className="min-w-0 break-words">{cluster.representative}</q>
              <span className="shrink-0 text-xs font-medium text-slate-700 tabular-nums dark:text-slate-300">
                {people(cluster.texts[0]?.people ?? cluster.people)}
              </span>
            </div>
            {cluster.texts.length > 1 ? (
              <>
                <ul className="mt-1 space-y-0.5 text-xs text-slate-600 dark:text-slate-400" aria-label="Similar wordings">
                  {cluster.texts.slice(1).map((entry) => (
                    <li key={entry.text} className="break-words">
                      also <q>{entry.text}</q> ({people(entry.people)})
                    </li>
                  ))}
                </ul>
                <p className="mt-1 text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  {people(cluster.people)} in all with one of these {cluster.texts.length} wordings
                </p>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {limit !== undefined && clusters.length > limit ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          and {clusters.length - limit} more {clusters.length - limit === 1 ? 'way' : 'ways'} of putting it — see the details.
        </p>
      ) : null}
    </div>
  );
}
