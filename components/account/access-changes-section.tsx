'use client';
// "Changes to your access": what administrators (or you) changed about your account — invites,
// renames, disabling, password resets, roles and groups — newest first, from the audit log.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { useTRPC } from '@/components/trpc/client';
import { TechnicalToken } from '@/components/glossary';
import { formatUtc } from '@/components/ui/format-utc';

/** Plain words for each audited change about a person; unknown actions show as recorded. */
const ACTION_WORDS: Record<string, string> = {
  'person.invited': 'invited you',
  'person.renamed': 'changed your name',
  'person.disabled': 'disabled your account',
  'person.enabled': 'enabled your account',
  'person.password-reset': 'made a password-reset link for you',
  'person.invite-accepted': 'set a password with the invite link',
  'person.password-set': 'set a new password with a reset link',
};

export function AccessChangesSection() {
  return (
    <section
      aria-labelledby="access-changes-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="access-changes-heading" className="text-lg font-semibold">
        Changes to your access
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Who changed your account, roles or groups, and when (the latest 50).
      </p>
      <div className="mt-4">
        <QueryErrorPanel what="The changes to your access">
          <Suspense
            fallback={
              <div
                role="status"
                aria-label="Loading the changes to your access"
                className="h-14 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800"
              />
            }
          >
            <AccessChangeList />
          </Suspense>
        </QueryErrorPanel>
      </div>
    </section>
  );
}

function AccessChangeList() {
  const trpc = useTRPC();
  const { data: changes } = useSuspenseQuery(trpc.account.accessChanges.queryOptions());
  if (changes.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing has changed about your access yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {changes.map((change) => {
        const who = change.by === null ? 'The console' : change.by === 'you' ? 'You' : change.by;
        return (
          <li key={change.id} className="py-2 text-sm">
            <span className="font-medium">{who}</span> {ACTION_WORDS[change.action] ?? change.action}
            {change.scope ? (
              <span className="text-slate-600 dark:text-slate-400">
                {' '}
                (<TechnicalToken className="font-mono text-xs">{change.scope}</TechnicalToken>)
              </span>
            ) : null}
            <time dateTime={change.at} className="block text-xs text-slate-600 dark:text-slate-400">
              {formatUtc(change.at)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
