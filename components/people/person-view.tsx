'use client';
// One person, for an administrator, titled by their name: their status, last activity, roles,
// groups, open sessions and how many memories the assistant holds for them; change the name,
// disable or enable (after a confirmation), make a password-reset link (shown once), and go to
// their roles and groups to change them.
import { QueryErrorResetBoundary, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Suspense, useState, type FormEvent } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { LoadFailedAlert } from '@/components/memories/query-error-panel';
import { RelativeTime } from '@/components/memories/relative-time';
import { PageHeader } from '@/components/shell/page-header';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage, fieldErrors } from '@/components/trpc/errors';
import type { RouterOutputs } from '@/components/trpc/outputs';
import { LinkPanel, type ShownLink } from './link-panel';
import { PersonStatusBadge } from './person-status';

type Person = RouterOutputs['people']['get'];

const countWords = new Intl.NumberFormat('en-GB');
const SECTION = 'space-y-3 rounded-lg border border-slate-200 p-5 dark:border-slate-800';

export function PersonView({ userId, viewerId }: { userId: string; viewerId: string }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onRetry={reset}
          fallback={({ error, retry }) => (
            <>
              <PageHeader title="Person" />
              <LoadFailedAlert what="This person" error={error} onRetry={retry} />
            </>
          )}
        >
          <Suspense
            fallback={
              <>
                <PageHeader title="Person" />
                <div
                  role="status"
                  aria-label="Loading the person"
                  className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
                />
              </>
            }
          >
            <PersonLoaded userId={userId} viewerId={viewerId} />
          </Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

function PersonLoaded({ userId, viewerId }: { userId: string; viewerId: string }) {
  const trpc = useTRPC();
  const { data: person } = useSuspenseQuery(trpc.people.get.queryOptions({ userId }));
  const [shown, setShown] = useState<ShownLink | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title={person.name}
        description={`${person.tenantName}. Their roles, groups and sessions, their name and their sign-in.`}
        actions={
          <Link href={`/admin/people/${person.id}/access`} className={buttonClass('secondary')}>
            Roles and groups
          </Link>
        }
      />
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 p-5 text-sm sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800">
        <div className="min-w-0">
          <dt className="font-medium">Email</dt>
          <dd className="break-all text-slate-700 dark:text-slate-300">{person.email}</dd>
        </div>
        <div>
          <dt className="font-medium">Status</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <PersonStatusBadge status={person.status} />
            {person.status === 'invited' ? <span className="text-slate-700 dark:text-slate-300">Has not set a password yet</span> : null}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Last active</dt>
          <dd className="text-slate-700 dark:text-slate-300">
            {person.lastActiveAt ? <RelativeTime iso={person.lastActiveAt} /> : 'Never signed in'}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Memories the assistant holds</dt>
          <dd className="text-slate-700 dark:text-slate-300" data-testid="person-memory-count">
            {person.memoryCount === 1 ? '1 memory' : `${countWords.format(person.memoryCount)} memories`}
          </dd>
        </div>
      </dl>
      {shown ? <LinkPanel link={shown} onDone={() => setShown(null)} /> : null}
      <FormMessage message={message} />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <section aria-labelledby="person-roles" className={SECTION}>
          <h2 id="person-roles" className="text-base font-semibold">
            Roles
          </h2>
          {person.roles.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Member: they see their own memories and what is shared with them.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {person.roles.map((role) => (
                <li key={`${role.role} ${role.scope}`} className="break-words">
                  {role.words}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="person-groups" className={SECTION}>
          <h2 id="person-groups" className="text-base font-semibold">
            Groups
          </h2>
          {person.groups.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">In no group.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {person.groups.map((group) => (
                <li key={group.scope} className="break-words">
                  {group.label}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="person-sessions" className={SECTION}>
          <h2 id="person-sessions" className="text-base font-semibold">
            Open sessions
          </h2>
          {person.sessions.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Not signed in anywhere.</p>
          ) : (
            <ul aria-label={`Open sessions of ${person.name}`} className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
              {person.sessions.map((session) => (
                <li key={session.id} data-testid="person-session" className="py-2 first:pt-0 last:pb-0">
                  <p className="font-medium">{session.device}</p>
                  <p className="text-slate-600 dark:text-slate-400">
                    Signed in <RelativeTime iso={session.signedInAt} /> · last seen <RelativeTime iso={session.lastSeenAt} />
                  </p>
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">Disabling a person ends all their sessions at once.</p>
        </section>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <NameForm person={person} />
        <section aria-labelledby="account-actions" className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800">
          <h2 id="account-actions" className="text-base font-semibold">
            Sign-in
          </h2>
          <ResetButton person={person} onLink={setShown} onError={setMessage} />
          {person.id === viewerId ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">You cannot disable your own account.</p>
          ) : (
            <DisableControl person={person} onDone={setMessage} />
          )}
        </section>
      </div>
    </div>
  );
}

function NameForm({ person }: { person: Person }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(person.name);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const update = useMutation(trpc.people.update.mutationOptions());
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const updated = await update.mutateAsync({ userId: person.id, name });
      setName(updated.name);
      setMessage({ tone: 'ok', text: 'Name saved.' });
      await queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() });
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage({ tone: 'error', text: errorMessage(error, 'The name could not be saved.') });
    }
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby="name-heading"
      className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      noValidate
    >
      <h2 id="name-heading" className="text-base font-semibold">
        Name
      </h2>
      <TextField
        label="Name"
        required
        maxLength={120}
        value={name}
        onChange={(event) => setName(event.target.value)}
        errors={errors.name}
      />
      <FormMessage message={message} />
      <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
        {update.isPending ? 'Saving…' : 'Save name'}
      </Button>
    </form>
  );
}

function ResetButton({
  person,
  onLink,
  onError,
}: {
  person: Person;
  onLink: (link: ShownLink) => void;
  onError: (message: FormMessageValue) => void;
}) {
  const trpc = useTRPC();
  const confirm = useConfirmPassword();
  const reset = useMutation(trpc.people.resetPassword.mutationOptions());
  async function run() {
    try {
      const { link } = await confirm.run((password) => reset.mutateAsync({ userId: person.id, password }));
      onLink({ ...link, heading: `Password-reset link for ${person.name}` });
    } catch (error) {
      onError({
        tone: 'error',
        text: error instanceof ConfirmationCancelled ? error.message : errorMessage(error, 'No link could be made.'),
      });
    }
  }
  return (
    <div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {person.hasPassword
          ? 'A reset link lets them choose a new password. When they use it, their old password and every open session end.'
          : 'They have not set a password yet. A new link replaces the invite link.'}
      </p>
      <Button variant="secondary" className="mt-2" disabled={person.disabled || reset.isPending} onClick={() => void run()}>
        {person.hasPassword ? 'Make a password-reset link' : 'Make a new invite link'}
      </Button>
      {confirm.dialog}
    </div>
  );
}

function DisableControl({ person, onDone }: { person: Person; onDone: (message: FormMessageValue) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirmPassword();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<FormMessageValue | null>(null);
  const disable = useMutation(trpc.people.disable.mutationOptions());
  const enable = useMutation(trpc.people.enable.mutationOptions());

  async function settle(text: string) {
    await queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() });
    onDone({ tone: 'ok', text });
  }
  async function runDisable() {
    setError(null);
    try {
      await confirm.run((password) => disable.mutateAsync({ userId: person.id, password }));
      setAsking(false);
      await settle(`${person.name} is disabled and signed out everywhere.`);
    } catch (failure) {
      setError({
        tone: 'error',
        text: failure instanceof ConfirmationCancelled ? failure.message : errorMessage(failure, 'They could not be disabled.'),
      });
    }
  }
  async function runEnable() {
    try {
      // Like disabling, it changes who can sign in: the password again after ten minutes.
      await confirm.run((password) => enable.mutateAsync({ userId: person.id, password }));
      await settle(`${person.name} can sign in again.`);
    } catch (failure) {
      onDone({
        tone: 'error',
        text: failure instanceof ConfirmationCancelled ? failure.message : errorMessage(failure, 'They could not be enabled.'),
      });
    }
  }

  if (person.disabled) {
    return (
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400">Disabled: they cannot sign in.</p>
        <Button className="mt-2" disabled={enable.isPending} onClick={() => void runEnable()}>
          Enable {person.name}
        </Button>
        {confirm.dialog}
      </div>
    );
  }
  return (
    <div>
      <p className="text-sm text-slate-600 dark:text-slate-400">Disabling signs them out everywhere at once and stops them signing in.</p>
      <Button variant="danger-outline" className="mt-2" onClick={() => setAsking(true)}>
        Disable {person.name}
      </Button>
      <Dialog
        open={asking && !confirm.dialog}
        onClose={() => setAsking(false)}
        title={`Disable ${person.name}?`}
        description="They are signed out everywhere at once and cannot sign in until someone enables them again. Their memories stay."
      >
        <FormMessage message={error} />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={disable.isPending} onClick={() => void runDisable()}>
            {disable.isPending ? 'Disabling…' : 'Disable'}
          </Button>
        </div>
      </Dialog>
      {confirm.dialog}
    </div>
  );
}
