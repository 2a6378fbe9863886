'use client';
// An alert's detail: what happened, its history, where to fix it (the organisation's pinned facts
// and the pin budget) and the two fixes; acknowledge (with a note) and resolve from here.
import { scopeName, TechnicalToken, WORDS } from '@/components/glossary';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { RelativeTime } from '@/components/memories/relative-time';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { AlertSummary } from '@/components/trpc/outputs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ALERT_STATE_LABELS, ALERT_STEP_LABELS } from './alert-labels';

const LINK = 'font-medium text-indigo-700 underline dark:text-indigo-300';

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
            {alert.occurrences} turn(s) left out up to {alert.maxPinnedOmitted} always-on fact(s) because the organisation’s memories per
            turn were all taken.
          </p>
        ) : null
      }
    >
      {alert ? (
        <div className="space-y-4 text-sm">
          <p>State: {state ? <Badge tone={state.tone}>{state.label}</Badge> : alert.state}</p>
          {alert.scopes.length > 0 ? (
            <p className="break-words">
              Affected: {alert.scopes.map((scope) => scopeName(scope)).join(', ')} (
              <TechnicalToken className="font-mono text-xs">{alert.scopes.join(', ')}</TechnicalToken>)
            </p>
          ) : null}
          <div>
            <h3 className="font-semibold">How to fix it</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              <li>
                Unpin something: review the{' '}
                <Link className={LINK} href={`/admin/facts?scope=${encodeURIComponent(`tenant:${alert.tenantRef}`)}`}>
                  organisation’s always-on facts
                </Link>
                .
              </li>
              <li>
                Or raise the {WORDS.perTurnLimit} (<TechnicalToken className="font-mono">maxMemories</TechnicalToken>) on{' '}
                <Link className={LINK} href="/admin/settings">
                  Settings
                </Link>
                , which shows the pin budget forecast.
              </li>
            </ul>
            <p className="mt-1 text-slate-600 dark:text-slate-400">Both pages are for the organisation’s administrators.</p>
          </div>
          <div>
            <h3 className="font-semibold">History</h3>
            {detail.isPending ? (
              <p role="status">Loading history…</p>
            ) : detail.isError ? (
              <p role="alert" className="text-red-700 dark:text-red-300">
                {errorMessage(detail.error, 'The history could not be loaded.')}
              </p>
            ) : (
              <ol aria-label="Alert history" className="mt-1 space-y-1">
                {detail.data.history.map((step) => (
                  <li key={step.id}>
                    <RelativeTime iso={step.at} /> — {ALERT_STEP_LABELS[step.kind] ?? step.kind}
                    {step.by ? ` by ${step.by}` : ''}
                    {step.note && step.kind !== 'updated' ? `: “${step.note}”` : ''}
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose} autoFocus>
              Close
            </Button>
            {alert.state === 'open' ? (
              <Button variant="secondary" onClick={() => onAcknowledge(alert)}>
                Acknowledge…
              </Button>
            ) : null}
            {alert.state !== 'resolved' ? <Button onClick={() => onResolve(alert)}>Resolve…</Button> : null}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
