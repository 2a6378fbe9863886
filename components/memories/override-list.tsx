// The wider values a memory overrides for the person, under it: whose value it is and who said it.
import type { VisibleMemory } from '@/components/trpc/outputs';
import { scopeKind } from '@/server/domain';
import { overrideAuthorWords, overrideLead } from './memory-wording';

export function OverrideList({ overrides }: { overrides: VisibleMemory['overrides'] }) {
  if (overrides.length === 0) return null;
  return (
    <ul
      aria-label="Values this memory overrides for you"
      className="mt-3 space-y-1.5 border-l-2 border-amber-300 pl-3 dark:border-amber-700"
    >
      {overrides.map((override) => {
        const words = { audience: override.audience, kind: scopeKind(override.scope), label: override.scopeLabel };
        return (
          <li key={override.scope} className="text-sm break-words text-slate-700 dark:text-slate-300">
            <span className="font-medium text-slate-900 dark:text-slate-100">{overrideLead(words)}, overridden for you:</span>{' '}
            {override.text}{' '}
            <span className="text-xs text-slate-600 dark:text-slate-400">({overrideAuthorWords(override.author, words)})</span>
          </li>
        );
      })}
    </ul>
  );
}
