'use client';
// An alert's detail: what happened; the forecast from today's always-on facts and limits of which
// facts are left out and for whom, by name (diagnostics carry no keys, so it is a forecast, not a
// record); where the fix is; the hand-off to the organisation's administrators (operators cannot
// open Facts or Settings); the history, newest first, collapsed; Acknowledge first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, useSyncExternalStore } from 'react';
import { RelativeTime } from '@/components/memories/relative-time';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { AlertDetail, AlertSummary } from '@/components/trpc/outputs';
import { perTurnLimit } from '@/components/glossary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ALERT_STATE_LABELS, ALERT_STEP_LABELS, alwaysOnFactsCount, turnsCount } from './alert-labels';

const LINK = 'font-medium text-indigo-700 underline dark:text-indigo-300';
const noSubscription = () => () => {};

function people(names: string[], count: number): string {
  const more = count - names.length;
  const listed = names.length === 0 ? '' : names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  if (more <= 0) return listed;
  return listed ? `${listed} and ${more} more` : `${count} people`;
}

function Forecast({ forecast }: { forecast: AlertDetail['forecast'] }) {
  return (
    <div data-testid="alert-forecast">
      <h3 className="font-semibold">Forecast: who loses which always-on facts</h3>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        A forecast from today’s always-on facts and per-turn limits. Diagnostics carry no keys, so this is what turns leave out now, not a
        record of what was left out then.
      </p>
      {forecast.peopleOver === 0 ? (
        <p className="mt-2">
          With today’s facts and limits every always-on fact fits for all {forecast.people} people: the cause may already be fixed.
        </p>
      ) : (
        <>
          <p className="mt-2">
            {forecast.peopleOver} of {forecast.people} people lose always-on facts in every turn.
          </p>
          <ul className="mt-2 space-y-2">
            {forecast.groups.map((group, index) => (
              <li key={index} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                <p className="font-medium">
                  {people(group.names, group.people)}
                  {group.groups.length > 0 ? ` (${group.groups.join(', ')})` : ''}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {alwaysOnFactsCount(group.pinnedKeys)}, a limit of {perTurnLimit(group.limit)}. Left out:
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {group.leftOut.map((pin) => (
                    <li key={`${pin.from}|${pin.key}`} className="break-words">
                      “{pin.text}” <span className="text-slate-600 dark:text-slate-400">— {pin.from}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function HandOff({ alert, detail }: { alert: AlertSummary; detail: AlertDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const handOff = useMutation(trpc.alerts.handOff.mutationOptions());
  const [result, setResult] = useState<{ webhook: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  const link = `${origin}${detail.link}`;
  const handedOff = detail.handedOff;

  async function notify() {
    setError(null);
    try {
      const answer = await handOff.mutateAsync({ id: alert.id });
      setResult({ webhook: answer.webhook });
      await queryClient.invalidateQueries(trpc.alerts.pathFilter());
    } catch (failure) {
      setError(errorMessage(failure, 'The administrators could not be notified.'));
    }
  }

  return (
    <div data-testid="alert-handoff">
      <h3 className="font-semibold">Hand over to the administrators</h3>
      <p className="mt-1">
        The fix is on the organisation’s{' '}
        <Link className={LINK} href={`/admin/facts?scope=${encodeURIComponent(`tenant:${alert.tenantRef}`)}`}>
          always-on facts
        </Link>{' '}
        (unpin one) or its{' '}
        <Link className={LINK} href="/admin/settings">
          settings
        </Link>{' '}
        (raise the per-turn limit). Only its administrators can open them.
      </p>
      {result ? (
        <p role="status" className="mt-2 rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100">
          {result.webhook
            ? 'The administrators were notified through the organisation’s alert webhook, with a link to this alert.'
            : 'Noted in the history. This organisation has no alert webhook: send the administrators the link below.'}
        </p>
      ) : handedOff ? (
        <p className="mt-2">
          Administrators notified{handedOff.by ? ` by ${handedOff.by}` : ''} <RelativeTime iso={handedOff.at} />.
        </p>
      ) : (
        <Button
          variant="secondary"
          className="mt-2"
          onClick={() => void notify()}
          disabled={handOff.isPending}
          aria-busy={handOff.isPending || undefined}
        >
          {handOff.isPending ? 'Notifying…' : 'Notify administrators'}
        </Button>
      )}
      {error ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <label htmlFor="alert-link" className="mt-2 block font-medium">
        Link for the administrators
      </label>
      <input
        id="alert-link"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-950"
      />
    </div>
  );
}

export function AlertDetailDialog({
  alert,
  onClose,
  onAcknowledge,
  onResolve,
}: {
  alert: AlertSummary | null;
  onClose: () => void;
  onAcknowledge: (alert: AlertSummary) => void;
  onResolve: (alert: AlertSummary) => void;
}) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.alerts.detail.queryOptions({ id: alert?.id ?? '' }), enabled: alert !== null });
  const state = alert ? ALERT_STATE_LABELS[alert.state] : undefined;
  return (
    <Dialog
      open={alert !== null}
      onClose={onClose}
      title={alert ? `Always-on facts left out — ${alert.tenantName}` : ''}
      description={
        alert ? (
          <p>
            {turnsCount(alert.occurrences)} left out up to {alwaysOnFactsCount(alert.maxPinnedOmitted)} because the organisation’s memories
            per turn were all taken.
            {alert.scopesUnreported
              ? ' Some of these turns did not say whose memories they read (the runtime sent only a count), so the forecast below is the guide to who is affected.'
              : ''}
          </p>
        ) : null
      }
    >
      {alert ? (
        <div className="space-y-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>State: {state ? <Badge tone={state.tone}>{state.label}</Badge> : alert.state}</p>
            <div className="flex flex-wrap gap-2">
              {alert.state === 'open' ? (
                <Button onClick={() => onAcknowledge(alert)} autoFocus>
                  Acknowledge…
                </Button>
              ) : null}
              {alert.state !== 'resolved' ? (
                <Button variant="secondary" onClick={() => onResolve(alert)}>
                  Resolve…
                </Button>
              ) : null}
            </div>
          </div>
          {detail.isPending ? (
            <p role="status">Loading the forecast and the history…</p>
          ) : detail.isError ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {errorMessage(detail.error, 'The alert’s detail could not be loaded.')}
            </p>
          ) : (
            <>
              <Forecast forecast={detail.data.forecast} />
              {alert.state !== 'resolved' ? <HandOff alert={alert} detail={detail.data} /> : null}
              <details>
                <summary className="cursor-pointer rounded font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500">
                  History ({detail.data.history.length} {detail.data.history.length === 1 ? 'step' : 'steps'}, newest first)
                </summary>
                <ol aria-label="Alert history" className="mt-1 space-y-1">
                  {detail.data.history.map((step) => (
                    <li key={step.id}>
                      <RelativeTime iso={step.at} /> — {ALERT_STEP_LABELS[step.kind] ?? step.kind}
                      {step.by ? ` by ${step.by}` : ''}
                      {step.note && step.kind !== 'updated' ? `: “${step.note}”` : ''}
                    </li>
                  ))}
                </ol>
              </details>
            </>
          )}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose} autoFocus={alert.state !== 'open'}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
