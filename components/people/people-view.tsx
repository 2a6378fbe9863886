'use client';
// The People page body: search, the organisation filter (for administrators of several), the list
// (paged, with how many match in all), and the invite dialog whose link is shown once. Each row
// shows the person's roles and groups in words, their status and when they were last active.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useDeferredValue, useRef, useState } from 'react';
import { RelativeTime } from '@/components/memories/relative-time';
import { Button } from '@/components/ui/button';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { useTRPC } from '@/components/trpc/client';
import { LoadFailedAlert } from '@/components/memories/query-error-panel';
import { InviteDialog } from './invite-dialog';
import { LinkPanel, type ShownLink } from './link-panel';
import { PersonStatusBadge } from './person-status';

const countWords = new Intl.NumberFormat('en-GB');

const FIELD = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950';

export function PeopleView({ viewerTenant }: { viewerTenant: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  // Only someone who administers more than one organisation gets to choose between them.
  const tenants = useQuery(trpc.tenants.administered.queryOptions());
  const choices = tenants.data ?? [];
  const [tenantRef, setTenantRef] = useState('');
  const filter = choices.some((tenant) => tenant.ref === tenantRef) ? tenantRef : undefined;
  const [inviting, setInviting] = useState(false);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const list = useInfiniteQuery(
    trpc.people.list.infiniteQueryOptions(
      { query: query || undefined, tenantRef: filter },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const people = list.data?.pages.flatMap((page) => page.people) ?? [];
  const total = list.data?.pages[0]?.total;
  // When the link panel is dismissed, focus returns to the button that made it.
  const inviteButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  return (
    <section aria-label="People" className="space-y-4">
      {/* Before the link panel: closing the dialog hands focus back to its opener, and the panel's
          own focus must come after that (effects run in tree order). */}
      <InviteDialog
        open={inviting}
        defaultTenant={viewerTenant}
        onClose={() => setInviting(false)}
        onInvited={(invited) => {
          setInviting(false);
          setShown({ path: invited.link.path, expiresAt: invited.link.expiresAt, heading: `Invite for ${invited.person.name} created` });
          void queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() });
        }}
      />
      {shown ? (
        <LinkPanel
          link={shown}
          onDone={() => {
            setShown(null);
            focusAfterRender(inviteButton);
          }}
        />
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor="people-search" className="block text-sm font-medium">
            Search
          </label>
          <input
            id="people-search"
            type="search"
            value={search}
            maxLength={200}
            placeholder="Name or email"
            onChange={(event) => setSearch(event.target.value)}
            className={FIELD}
          />
        </div>
        {choices.length > 1 ? (
          <div className="min-w-0 basis-48">
            <label htmlFor="people-tenant" className="block text-sm font-medium">
              Organisation
            </label>
            <select id="people-tenant" value={filter ?? ''} onChange={(event) => setTenantRef(event.target.value)} className={FIELD}>
              <option value="">All organisations</option>
              {choices.map((tenant) => (
                <option key={tenant.ref} value={tenant.ref}>
                  {tenant.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Button ref={inviteButton} onClick={() => setInviting(true)}>
          <span aria-hidden="true">+</span> Invite someone
        </Button>
      </div>

      {list.isPending ? <RowsSkeleton label="Loading people" /> : null}
      {list.isError ? <LoadFailedAlert what="The people" error={list.error} onRetry={() => void list.refetch()} /> : null}
      {total !== undefined ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400" data-testid="people-count">
          {total === 1 ? '1 person' : `${countWords.format(total)} people`}
        </p>
      ) : null}
      {list.isSuccess && people.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {query ? `Nobody matches “${query}”.` : 'Nobody here yet. Invite someone to get started.'}
        </p>
      ) : null}
      {people.length > 0 ? (
        <ul
          aria-label="People"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {people.map((person) => (
            <li
              key={person.id}
              data-testid="person-row"
              className="grid gap-x-6 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_minmax(0,1fr)]"
            >
              <div className="min-w-0">
                <Link
                  href={`/admin/people/${person.id}`}
                  className="font-medium break-words text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
                >
                  {person.name}
                </Link>
                <p className="text-sm break-all text-slate-600 dark:text-slate-400">{person.email}</p>
                {person.tenantRef !== viewerTenant ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">{person.tenantName}</p>
                ) : null}
              </div>
              <div className="min-w-0 text-sm break-words">
                <p>
                  <span className="sr-only">Roles: </span>
                  {person.roles.length > 0 ? person.roles.map((role) => role.words).join(' · ') : 'Member'}
                </p>
                {person.groups.length > 0 ? (
                  <p className="text-slate-600 dark:text-slate-400">
                    {person.groups.length === 1 ? 'Group' : 'Groups'}: {person.groups.map((group) => group.label).join(', ')}
                  </p>
                ) : null}
              </div>
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm md:flex-col md:items-end">
                <PersonStatusBadge status={person.status} />
                <span className="text-slate-600 dark:text-slate-400">
                  {person.lastActiveAt ? (
                    <>
                      Last active <RelativeTime iso={person.lastActiveAt} />
                    </>
                  ) : (
                    'Never signed in'
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          aria-busy={list.isFetchingNextPage || undefined}
        >
          {list.isFetchingNextPage ? 'Loading more…' : 'Show more people'}
        </Button>
      ) : null}
    </section>
  );
}
