'use client';
// "Roles and groups" of one person (/admin/people/[id]/access): the roles they hold, with a form
// to grant another, and the groups (custom scopes) of their organisation they belong to. Adding
// or removing a role asks for the password when the sign-in is older than ten minutes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorCode, errorMessage } from '@/components/trpc/errors';
import { refusalWords } from '@/components/trpc/refusal-words';
import type { PersonAccess } from '@/components/trpc/outputs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { TechnicalToken } from '@/components/glossary';
import { ConfirmDialog } from './confirm-dialog';

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';

const ROLE_WORDS: Record<'admin' | 'operator', string> = { admin: 'Administrator', operator: 'Operator' };

export function PersonAccessView({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.grants.list.queryOptions({ userId }));
  if (query.isPending) {
    return <RowsSkeleton label="Loading roles and groups" />;
  }
  if (query.isError) {
    const code = errorCode(query.error);
    const text =
      code === 'NOT_FOUND'
        ? 'This person does not exist or is not in an organisation you manage.'
        : code === 'FORBIDDEN'
          ? (refusalWords(query.error) ??
            errorMessage(query.error, "Only an administrator of this person's organisation can see their roles and groups."))
          : errorMessage(query.error, 'The roles and groups could not be loaded.');
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950">
        <p className="text-sm">{text}</p>
        {code === 'NOT_FOUND' || code === 'FORBIDDEN' ? null : (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return <PersonAccessLoaded access={query.data} />;
}

function PersonAccessLoaded({ access }: { access: PersonAccess }) {
  const { person } = access;
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <p>
          <Link
            href={`/admin/people/${encodeURIComponent(person.id)}`}
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          >
            ← Back to {person.name}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold break-words">Roles and groups of {person.name}</h1>
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">
          {person.email} · {person.tenantName} {person.disabled ? <Badge tone="slate">Disabled</Badge> : null}
        </p>
      </div>
      <RolesSection access={access} />
      <GroupsSection access={access} />
    </div>
  );
}

function RolesSection({ access }: { access: PersonAccess }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation(trpc.grants.add.mutationOptions());
  const remove = useMutation(trpc.grants.remove.mutationOptions());
  const confirm = useConfirmPassword();
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [removing, setRemoving] = useState<PersonAccess['grants'][number] | null>(null);
  const [scope, setScope] = useState(access.grantable[0]?.scope ?? '');
  const [role, setRole] = useState<'admin' | 'operator'>('admin');
  const scopeId = useId();
  const roleId = useId();
  const { person } = access;
  const roles = access.grantable.find((entry) => entry.scope === scope)?.roles ?? ['admin'];

  async function done(text: FormMessageValue) {
    await queryClient.invalidateQueries(trpc.grants.list.pathFilter());
    setMessage(text);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const label = access.grantable.find((entry) => entry.scope === scope)?.label ?? scope;
    try {
      const result = await confirm.run((password) => add.mutateAsync({ userId: person.id, scope, role, password }));
      await done({
        tone: 'ok',
        text: result.added
          ? `${person.name} is now ${ROLE_WORDS[role].toLowerCase()} of ${label}.`
          : `${person.name} already was ${ROLE_WORDS[role].toLowerCase()} of ${label}.`,
      });
    } catch (error) {
      await done({
        tone: 'error',
        text: error instanceof ConfirmationCancelled ? error.message : errorMessage(error, 'The role could not be added.'),
      });
    }
  }

  async function confirmRemove(grant: PersonAccess['grants'][number]) {
    setRemoving(null);
    try {
      await confirm.run((password) => remove.mutateAsync({ grantId: grant.id, password }));
      await done({
        tone: 'ok',
        text: `${person.name} is no longer ${ROLE_WORDS[grant.role].toLowerCase()} of ${grant.label}. This applies from their next click.`,
      });
    } catch (error) {
      await done({
        tone: 'error',
        text: error instanceof ConfirmationCancelled ? error.message : errorMessage(error, 'The role could not be removed.'),
      });
    }
  }

  return (
    <section aria-labelledby="roles-heading" className="space-y-3">
      <h2 id="roles-heading" className="text-lg font-semibold">
        Roles
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        An administrator manages the people, facts and settings of an organisation or group; an operator watches how the assistant runs.
      </p>
      <FormMessage message={message} />
      {access.grants.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {person.name} has no roles: they see their own memories and what is shared with them.
        </p>
      ) : (
        <ul
          aria-label={`Roles of ${person.name}`}
          className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {access.grants.map((grant) => (
            <li key={grant.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {ROLE_WORDS[grant.role]} of {grant.label}
                </p>
                <p data-technical className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                  {grant.scope}
                </p>
                {grant.lastAdministrator ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    The only administrator of this organisation: make someone else one before removing it.
                  </p>
                ) : null}
              </div>
              {grant.removable ? (
                <Button
                  variant="danger-outline"
                  onClick={() => setRemoving(grant)}
                  aria-label={`Remove ${ROLE_WORDS[grant.role].toLowerCase()} of ${grant.label}`}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        className="grid gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-end dark:border-slate-800"
      >
        <div>
          <label htmlFor={scopeId} className="block text-sm font-medium">
            Where
          </label>
          <select
            id={scopeId}
            value={scope}
            onChange={(event) => {
              setScope(event.target.value);
              const next = access.grantable.find((entry) => entry.scope === event.target.value);
              if (next && !(next.roles as readonly string[]).includes(role)) setRole('admin');
            }}
            className={selectClass}
          >
            {access.grantable.map((entry) => (
              <option key={entry.scope} value={entry.scope}>
                {entry.label} (<TechnicalToken className="font-mono text-xs">{entry.scope}</TechnicalToken>)
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={roleId} className="block text-sm font-medium">
            Role
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as 'admin' | 'operator')}
            className={selectClass}
          >
            {roles.map((entry) => (
              <option key={entry} value={entry}>
                {ROLE_WORDS[entry]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={add.isPending || !scope} aria-busy={add.isPending || undefined}>
          {add.isPending ? 'Adding…' : 'Add role'}
        </Button>
      </form>
      <ConfirmDialog
        question={removing ? `Remove ${ROLE_WORDS[removing.role].toLowerCase()} of ${removing.label}?` : null}
        explanation={<p>{person.name} loses what this role allows from their next click. You can grant it again later.</p>}
        confirmLabel="Remove role"
        busy={remove.isPending}
        onConfirm={() => removing && void confirmRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
      {confirm.dialog}
    </section>
  );
}

function GroupsSection({ access }: { access: PersonAccess }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const set = useMutation(trpc.memberships.set.mutationOptions());
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [leaving, setLeaving] = useState<PersonAccess['scopes'][number] | null>(null);
  const { person } = access;

  async function change(scope: PersonAccess['scopes'][number], member: boolean) {
    setLeaving(null);
    try {
      await set.mutateAsync({ userId: person.id, scopeToken: scope.token, member });
      setMessage({
        tone: 'ok',
        text: member ? `${person.name} is now in ${scope.label} and sees its facts.` : `${person.name} is no longer in ${scope.label}.`,
      });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, 'The group could not be changed.') });
    }
    await queryClient.invalidateQueries(trpc.grants.list.pathFilter());
    await queryClient.invalidateQueries(trpc.scopes.list.pathFilter());
  }

  return (
    <section aria-labelledby="groups-heading" className="space-y-3">
      <h2 id="groups-heading" className="text-lg font-semibold">
        Groups
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Groups are parts of {person.tenantName}, such as a depot or a team. Members see the facts published for the group.
      </p>
      <FormMessage message={message} />
      {access.scopes.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {person.tenantName} has no groups yet.{' '}
          <Link href="/admin/scopes" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Create one on the Groups page.
          </Link>
        </p>
      ) : (
        <ul
          aria-label={`Groups of ${person.tenantName}`}
          className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {access.scopes.map((scope) => (
            <li key={scope.token} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {scope.label} {scope.member ? <Badge tone="emerald">Member</Badge> : null}
                </p>
                <p data-technical className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                  {scope.token}
                </p>
              </div>
              {scope.member ? (
                <Button
                  variant="danger-outline"
                  onClick={() => setLeaving(scope)}
                  disabled={set.isPending}
                  aria-label={`Take ${person.name} out of ${scope.label}`}
                >
                  Take out
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  onClick={() => void change(scope, true)}
                  disabled={set.isPending}
                  aria-label={`Put ${person.name} in ${scope.label}`}
                >
                  Put in
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        question={leaving ? `Take ${person.name} out of ${leaving.label}?` : null}
        explanation={<p>They stop seeing the facts of this group from their next click. You can put them back later.</p>}
        confirmLabel="Take out"
        busy={set.isPending}
        onConfirm={() => leaving && void change(leaving, false)}
        onCancel={() => setLeaving(null)}
      />
    </section>
  );
}
