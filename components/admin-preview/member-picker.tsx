'use client';
// Search the people of the organisations you administer and pick one to preview.
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { cn } from '@/components/ui/cn';

export function MemberPicker({ selected, onSelect }: { selected: string; onSelect: (userId: string) => void }) {
  const trpc = useTRPC();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const members = useQuery(trpc.preview.members.queryOptions({ query: deferred || undefined }));

  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <label htmlFor="member-search" className="block text-sm font-medium">
        Find a person
      </label>
      <input
        id="member-search"
        type="search"
        value={query}
        maxLength={200}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Name or e-mail address"
        autoComplete="off"
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <div className="mt-3" aria-live="polite">
        {members.isPending ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            Loading people…
          </p>
        ) : members.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(members.error, 'The people could not be loaded.')}
          </p>
        ) : members.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Nobody matches “{deferred}”.</p>
        ) : (
          <ul aria-label="People you can preview" className="max-h-96 space-y-1 overflow-y-auto">
            {members.data.map((member) => (
              <li key={member.userId}>
                <button
                  type="button"
                  aria-pressed={member.userId === selected}
                  onClick={() => onSelect(member.userId)}
                  className={cn(
                    'w-full rounded-md px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                    member.userId === selected
                      ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100'
                      : 'hover:bg-slate-50 dark:hover:bg-slate-800',
                  )}
                >
                  <span className="block font-medium">{member.name}</span>
                  <span className="block text-xs break-all text-slate-600 dark:text-slate-300">
                    {member.email} · {member.tenantName}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
