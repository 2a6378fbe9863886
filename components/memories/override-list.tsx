// The wider values a memory beats, under it: each with who holds it and who decided it.
import type { VisibleMemory } from '@/components/trpc/outputs';
import { scopeKind } from '@/server/domain';
import { overrideAuthorWords, overrideLead } from './memory-wording';

export function OverrideList({ overrides }: { overrides: VisibleMemory['overrides'] }) {
  if (overrides.length === 0) return null;
  return (
    <ul aria-label="Values this one overrides" className="mt-3 space-y-1.5 border-l-2 border-amber-300 pl-3 dark:border-amber-700">
      {overrides.map((override) => (
        <li key={override.scope} className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium text-slate-900 dark:text-slate-100">
            {overrideLead({ audience: override.audience, kind: scopeKind(override.scope) })}:
          </span>{' '}
          {override.text}{' '}
          <span className="text-xs text-slate-600 dark:text-slate-400">
            ({overrideAuthorWords(override.author)}; the value above applies to you)
          </span>
        </li>
      ))}
    </ul>
  );
}
