'use client';
// Where you are signed in: one row per open session (device, when it signed in, last seen), this
// device marked, "End" on the others after a confirmation, and "Sign out everywhere else".
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { RelativeTime } from '@/components/memories/relative-time';
import { useTRPC } from '@/components/trpc/client';
import { errorCode, errorMessage } from '@/components/trpc/errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import type { SessionSummary } from '@/components/trpc/outputs';

export function SessionsSection() {
  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="sessions-heading" className="text-lg font-semibold">
        Where you are signed in
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        A session ends after 8 hours without use and 7 days after signing in. Ending one signs that device out on its next request.
      </p>
      <div className="mt-4">
        <QueryErrorPanel what="Your sessions">
          <Suspense fallback={<RowsSkeleton label="Loading your sessions" rows={2} />}>
            <SessionList />
          </Suspense>
        </QueryErrorPanel>
      </div>
    </section>
  );
}

function SessionList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: sessions } = useSuspenseQuery(trpc.account.sessions.queryOptions());
  const [ending, setEnding] = useState<SessionSummary | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const headingAfter = useRef<HTMLParagraphElement>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.account.sessions.pathFilter());

  const endOne = useMutation(trpc.account.endSession.mutationOptions());
  const endOthers = useMutation(trpc.account.endOtherSessions.mutationOptions());

  /**
   * After ending: once the dialog has closed (handing focus back to its opener) and the list is
   * fresh, the row and its button are gone, so keyboard focus moves to the result.
   */
  async function settle() {
    await refresh();
    headingAfter.current?.focus();
  }

  function confirmEnd(session: SessionSummary) {
    endOne.mutate(
      { id: session.id },
      {
        onSuccess: () => setNotice({ tone: 'ok', text: `${session.device} is signed out.` }),
        onError: (error) =>
          setNotice({
            tone: 'error',
            text:
              errorCode(error) === 'NOT_FOUND'
                ? 'That session had already ended. The list is up to date now.'
                : errorMessage(error, 'The session could not be ended.'),
          }),
        onSettled: () => {
          setEnding(null);
          void settle();
        },
      },
    );
  }

  function confirmEndOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        setNotice({
          tone: 'ok',
          text:
            ended === 0
              ? 'You were not signed in anywhere else.'
              : `Signed out of ${ended === 1 ? '1 other session' : `${ended} other sessions`}.`,
        }),
      onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, 'The other sessions could not be ended.') }),
      onSettled: () => {
        setConfirmOthers(false);
        void settle();
      },
    });
  }

  const others = sessions.filter((session) => !session.current);

  return (
    <div className="space-y-4">
      <p
        ref={headingAfter}
        tabIndex={-1}
        role={notice ? (notice.tone === 'error' ? 'alert' : 'status') : undefined}
        className={
          notice
            ? `rounded-md px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                notice.tone === 'error'
                  ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'
                  : 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100'
              }`
            : 'sr-only'
        }
      >
        {notice?.text ?? ''}
      </p>
      <ul
        aria-label="Open sessions"
        className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      >
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="session-row">
            <div className="min-w-0">
              <p className="font-medium">
                {session.device}{' '}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Signed in <RelativeTime iso={session.signedInAt} /> · last seen <RelativeTime iso={session.lastSeenAt} />
              </p>
            </div>
            {session.current ? null : (
              <Button variant="secondary" onClick={() => setEnding(session)} aria-label={`End session on ${session.device}`}>
                End
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">You are not signed in anywhere else.</p>
      ) : (
        <Button variant="danger-outline" onClick={() => setConfirmOthers(true)}>
          Sign out everywhere else
        </Button>
      )}

      <Dialog
        open={ending !== null}
        onClose={() => !endOne.isPending && setEnding(null)}
        title={ending ? `End the session on ${ending.device}?` : ''}
        description={<p>That device is signed out on its next request and has to sign in again.</p>}
      >
        {ending ? (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setEnding(null)} disabled={endOne.isPending} autoFocus>
              Keep it
            </Button>
            <Button
              variant="danger"
              onClick={() => confirmEnd(ending)}
              disabled={endOne.isPending}
              aria-busy={endOne.isPending || undefined}
            >
              {endOne.isPending ? 'Ending…' : 'End session'}
            </Button>
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={confirmOthers}
        onClose={() => !endOthers.isPending && setConfirmOthers(false)}
        title="Sign out everywhere else?"
        description={<p>Every other device where you are signed in is signed out. This device stays signed in.</p>}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmOthers(false)} disabled={endOthers.isPending} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirmEndOthers} disabled={endOthers.isPending} aria-busy={endOthers.isPending || undefined}>
            {endOthers.isPending ? 'Signing out…' : 'Sign out other sessions'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
