'use client';
// The alerts of the tenants in view: state, when, how often; a row opens the detail with the
// history and the actions. After an action a notice says what happened and takes the focus.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { RelativeTime } from '@/components/memories/relative-time';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { AlertSummary } from '@/components/trpc/outputs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AlertActionDialog, type AlertAction } from './alert-action-dialogs';
import { AlertDetailDialog } from './alert-detail-dialog';
import { ALERT_STATE_LABELS, turnsCount } from './alert-labels';

export function AlertsPanel({
  tenantRef,
  openAlertId,
  onAlertClosed,
}: {
  tenantRef?: string;
  /** An alert to open with the page (the link of a hand-off). */
  openAlertId?: string;
  onAlertClosed?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const alerts = useQuery(trpc.alerts.list.queryOptions({ tenantRef }));
  const [open, setOpen] = useState<AlertSummary | null>(null);
  const [action, setAction] = useState<AlertAction | null>(null);
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const linked = openAlertId ? alerts.data?.find((alert) => alert.id === openAlertId) : undefined;
  const [linkedShown, setLinkedShown] = useState<string | null>(null);
  // The linked alert opens once, when the list has it (state adjusted during render, no effect).
  if (linked && linkedShown !== linked.id) {
    setLinkedShown(linked.id);
    setOpen(linked);
  }

  async function done(message: string) {
    setAction(null);
    setNotice(message);
    await queryClient.invalidateQueries(trpc.alerts.pathFilter());
    noticeRef.current?.focus();
  }

  return (
    <section aria-labelledby="alerts-heading" className="space-y-3">
      <h2 id="alerts-heading" className="text-lg font-semibold">
        Alerts
      </h2>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role="status"
        className={
          notice
            ? 'rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-emerald-950/60 dark:text-emerald-100'
            : 'sr-only'
        }
      >
        {notice}
      </p>
      {alerts.isPending ? (
        <p role="status" className="text-sm">
          Loading alerts…
        </p>
      ) : alerts.isError ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {errorMessage(alerts.error, 'The alerts could not be loaded.')}{' '}
          <Button variant="secondary" onClick={() => void alerts.refetch()}>
            Try again
          </Button>
        </div>
      ) : alerts.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No alerts. One opens when a turn leaves out an always-on fact because the organisation’s memories per turn are all taken.
        </p>
      ) : (
        <ul
          aria-label="Alerts"
          className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {alerts.data.map((alert) => {
            const state = ALERT_STATE_LABELS[alert.state];
            return (
              <li key={alert.id} data-testid="alert-row" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-medium">
                    {alert.tenantName}: always-on facts left out {state ? <Badge tone={state.tone}>{state.label}</Badge> : null}
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    {turnsCount(alert.occurrences)}, up to {alert.maxPinnedOmitted} left out · last <RelativeTime iso={alert.lastSeenAt} />
                  </p>
                  {alert.acknowledgedNote ? (
                    <p className="break-words text-slate-600 dark:text-slate-400">Note: {alert.acknowledgedNote}</p>
                  ) : null}
                </div>
                <Button variant="secondary" onClick={() => setOpen(alert)} aria-label={`Open the alert for ${alert.tenantName}`}>
                  Open
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <AlertDetailDialog
        alert={open}
        onClose={() => {
          setOpen(null);
          onAlertClosed?.();
        }}
        onAcknowledge={(alert) => {
          setOpen(null);
          setAction({ kind: 'acknowledge', alert });
        }}
        onResolve={(alert) => {
          setOpen(null);
          setAction({ kind: 'resolve', alert });
        }}
      />
      <AlertActionDialog action={action} onClose={() => setAction(null)} onDone={(message) => void done(message)} />
    </section>
  );
}
