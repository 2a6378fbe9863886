'use client';
// The Groups page (/admin/scopes): an organisation's groups (custom scopes such as a depot or a
// team), who is in each, and how many memories each holds. A global administrator, or anyone
// administering more than one organisation, picks the organisation; the choice is in the URL
// (`?tenant=`).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { errorCode, errorMessage, fieldErrors } from '@/components/trpc/errors';
import { refusalWords } from '@/components/trpc/refusal-words';
import type { CustomScopeList, CustomScopeSummary } from '@/components/trpc/outputs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { ConfirmDialog } from './confirm-dialog';
import { TenantPicker, useTenantFromUrl } from '@/components/shell/tenant-picker';

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';

export function ScopesView({ ownTenantRef }: { ownTenantRef: string }) {
  const { tenantRef, pick } = useTenantFromUrl(ownTenantRef);
  return (
    <>
      <TenantPicker current={tenantRef} onPick={pick} />
      <ScopesOfTenant key={tenantRef} tenantRef={tenantRef} />
    </>
  );
}

function ScopesOfTenant({ tenantRef }: { tenantRef: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.scopes.list.queryOptions({ tenantRef }));
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  if (query.isPending) {
    return <RowsSkeleton label="Loading the groups" rowHeight="h-16" />;
  }
  if (query.isError) {
    const code = errorCode(query.error);
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950">
        <p className="text-sm">
          {code === 'NOT_FOUND'
            ? 'You do not manage the groups of this organisation.'
            : code === 'FORBIDDEN'
              ? (refusalWords(query.error) ?? errorMessage(query.error, 'You do not manage the groups of this organisation.'))
              : errorMessage(query.error, 'The groups could not be loaded.')}
        </p>
        {code === 'NOT_FOUND' || code === 'FORBIDDEN' ? null : (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const data = query.data;
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <CreateScopeForm list={data} />
      <section aria-labelledby="scopes-heading" className="min-w-0 space-y-3">
        <h2 id="scopes-heading" className="text-lg font-semibold">
          Groups of {data.tenant.name}
        </h2>
        <FormMessage message={message} />
        {data.scopes.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {data.tenant.name} has no groups yet. Create one to share facts with a group of its people.
          </p>
        ) : (
          <ul aria-label={`Groups of ${data.tenant.name}`} className="space-y-4">
            {data.scopes.map((scope) => (
              <ScopeCard key={scope.token} scope={scope} list={data} onMessage={setMessage} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CreateScopeForm({ list }: { list: CustomScopeList }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.scopes.create.mutationOptions());
  const [kind, setKind] = useState(list.kinds[0] ?? '');
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const kindId = useId();
  const errors = create.error ? fieldErrors(create.error) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    const token = `${kind}:${name.trim()}`;
    try {
      const created = await create.mutateAsync({ tenantRef: list.tenant.ref, token, label });
      setName('');
      setLabel('');
      await queryClient.invalidateQueries(trpc.scopes.list.pathFilter());
      setMessage({ tone: 'ok', text: `${created.label} (${created.token}) is created. Put people in it below.` });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, 'The group could not be created.') });
    }
  }

  if (list.kinds.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        This console has no kinds of scope configured, so no scope can be created. Whoever runs it sets them in SCOPE_PRECEDENCE.
      </p>
    );
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby="create-scope-heading"
      className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="create-scope-heading" className="text-lg font-semibold">
        New group
      </h2>
      <div>
        <label htmlFor={kindId} className="block text-sm font-medium">
          Kind
        </label>
        <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value)} className={selectClass}>
          {list.kinds.map((entry) => (
            <option key={entry} value={entry}>
              {entry}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Short name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        mono
        required
        hint={{
          content: (
            <>
              Part of the scope&apos;s token, e.g. <span className="font-mono">{kind}:hh</span>. Letters, digits, dots, dashes.
            </>
          ),
        }}
        errors={errors.token}
      />
      <TextField
        label="Label"
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        required
        hint={{ content: 'What people read, e.g. “Hamburg depot”.' }}
        errors={errors.label}
      />
      <FormMessage message={message} />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        {create.isPending ? 'Creating…' : 'Create group'}
      </Button>
    </form>
  );
}

function ScopeCard({
  scope,
  list,
  onMessage,
}: {
  scope: CustomScopeSummary;
  list: CustomScopeList;
  onMessage: (message: FormMessageValue) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const set = useMutation(trpc.memberships.set.mutationOptions());
  const rename = useMutation(trpc.scopes.rename.mutationOptions());
  const remove = useMutation(trpc.scopes.delete.mutationOptions());
  const [leaving, setLeaving] = useState<CustomScopeSummary['members'][number] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [label, setLabel] = useState(scope.label);
  const candidates = list.people.filter((person) => !scope.members.some((member) => member.userId === person.userId));
  const [adding, setAdding] = useState('');
  const addId = useId();

  async function refresh() {
    await queryClient.invalidateQueries(trpc.scopes.list.pathFilter());
    await queryClient.invalidateQueries(trpc.grants.list.pathFilter());
  }

  async function setMember(userId: string, name: string, member: boolean) {
    setLeaving(null);
    try {
      await set.mutateAsync({ userId, scopeToken: scope.token, member });
      setAdding('');
      onMessage({
        tone: 'ok',
        text: member ? `${name} is now in ${scope.label} and sees its facts.` : `${name} is no longer in ${scope.label}.`,
      });
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, 'The members could not be changed.') });
    }
    await refresh();
  }

  async function submitRename(event: FormEvent) {
    event.preventDefault();
    try {
      const renamed = await rename.mutateAsync({ token: scope.token, label });
      setRenaming(false);
      onMessage({ tone: 'ok', text: `${scope.token} is now called ${renamed.label}.` });
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, 'The group could not be renamed.') });
    }
    await refresh();
  }

  async function confirmDelete() {
    setDeleting(false);
    try {
      await remove.mutateAsync({ token: scope.token });
      onMessage({ tone: 'ok', text: `${scope.label} is deleted. Its members no longer belong to it.` });
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, 'The group could not be deleted.') });
    }
    await refresh();
  }

  return (
    <li
      data-testid="scope-card"
      className="space-y-3 rounded-md border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-medium break-words">{scope.label}</h3>
          <p data-technical className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
            {scope.token}
          </p>
          <p className="mt-1 flex flex-wrap gap-1">
            <Badge tone="indigo">{scope.members.length === 1 ? '1 member' : `${scope.members.length} members`}</Badge>
            <Badge tone={scope.memoryCount ? 'amber' : 'slate'}>
              {scope.memoryCount === 1 ? '1 memory' : `${scope.memoryCount} memories`}
            </Badge>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => setRenaming((open) => !open)}
            aria-expanded={renaming}
            aria-label={`Rename ${scope.label}`}
          >
            Rename
          </Button>
          <Button variant="danger-outline" onClick={() => setDeleting(true)} aria-label={`Delete ${scope.label}`}>
            Delete
          </Button>
        </div>
      </div>
      {renaming ? (
        <form onSubmit={(event) => void submitRename(event)} className="flex flex-wrap items-end gap-2">
          <TextField
            className="min-w-0 flex-1"
            label={`New label for ${scope.token}`}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            autoFocus
            errors={rename.error ? fieldErrors(rename.error).label : undefined}
          />
          <Button type="submit" disabled={rename.isPending}>
            Save label
          </Button>
        </form>
      ) : null}
      {scope.members.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nobody is in this group yet.</p>
      ) : (
        <ul aria-label={`Members of ${scope.label}`} className="divide-y divide-slate-100 dark:divide-slate-800">
          {scope.members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 text-sm break-words">
                <Link
                  href={`/admin/people/${encodeURIComponent(member.userId)}/access`}
                  className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  {member.name}
                </Link>{' '}
                <span className="text-slate-600 dark:text-slate-400">{member.email}</span>{' '}
                {member.disabled ? <Badge tone="slate">Disabled</Badge> : null}
              </span>
              <Button
                variant="ghost"
                onClick={() => setLeaving(member)}
                disabled={set.isPending}
                aria-label={`Take ${member.name} out of ${scope.label}`}
              >
                Take out
              </Button>
            </li>
          ))}
        </ul>
      )}
      {candidates.length ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const person = candidates.find((entry) => entry.userId === adding);
            if (person) void setMember(person.userId, person.name, true);
          }}
          className="flex flex-wrap items-end gap-2"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={addId} className="block text-sm font-medium">
              Add a person to {scope.label}
            </label>
            <select id={addId} value={adding} onChange={(event) => setAdding(event.target.value)} className={selectClass}>
              <option value="">Choose a person</option>
              {candidates.map((person) => (
                <option key={person.userId} value={person.userId}>
                  {person.name} ({person.email})
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={!adding || set.isPending}>
            Add
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        question={leaving ? `Take ${leaving.name} out of ${scope.label}?` : null}
        explanation={<p>They stop seeing the facts of this group from their next click. You can add them again later.</p>}
        confirmLabel="Take out"
        busy={set.isPending}
        onConfirm={() => leaving && void setMember(leaving.userId, leaving.name, false)}
        onCancel={() => setLeaving(null)}
      />
      {scope.memoryCount > 0 ? (
        <Dialog
          open={deleting}
          onClose={() => setDeleting(false)}
          title={`${scope.label} cannot be deleted yet`}
          description={
            <p>
              It still holds {scope.memoryCount === 1 ? '1 memory' : `${scope.memoryCount} memories`}. Delete them or move them to another
              scope on the Facts page first.
            </p>
          }
        >
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => setDeleting(false)} autoFocus>
              Close
            </Button>
          </div>
        </Dialog>
      ) : (
        <ConfirmDialog
          question={deleting ? `Delete ${scope.label}?` : null}
          explanation={
            <p>
              It holds no memories. Its {scope.members.length === 1 ? 'member leaves' : `${scope.members.length} members leave`} it, and
              roles for it end. This cannot be undone.
            </p>
          }
          confirmLabel="Delete group"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </li>
  );
}
