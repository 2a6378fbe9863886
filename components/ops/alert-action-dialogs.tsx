'use client';
// Acknowledge (with a note) and resolve (after a confirmation) one alert.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { AlertSummary } from '@/components/trpc/outputs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ALERT_NOTE_MAX } from '@/server/domain/alert-transition';

export type AlertAction = { kind: 'acknowledge' | 'resolve'; alert: AlertSummary };

export function AlertActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: AlertAction | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const trpc = useTRPC();
  const acknowledge = useMutation(trpc.alerts.acknowledge.mutationOptions());
  const resolve = useMutation(trpc.alerts.resolve.mutationOptions());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = acknowledge.isPending || resolve.isPending;

  function close() {
    if (busy) return;
    setNote('');
    setError(null);
    onClose();
  }

  async function submit() {
    if (!action) return;
    setError(null);
    try {
      if (action.kind === 'acknowledge') {
        await acknowledge.mutateAsync({ id: action.alert.id, note });
        onDone(`The alert for ${action.alert.tenantName} is acknowledged.`);
      } else {
        await resolve.mutateAsync({ id: action.alert.id });
        onDone(`The alert for ${action.alert.tenantName} is resolved.`);
      }
      setNote('');
    } catch (failure) {
      setError(errorMessage(failure, 'The alert could not be changed.'));
    }
  }

  const acknowledging = action?.kind === 'acknowledge';
  return (
    <Dialog
      open={action !== null}
      onClose={close}
      title={action ? `${acknowledging ? 'Acknowledge' : 'Resolve'} the alert for ${action.alert.tenantName}?` : ''}
      description={
        <p>
          {acknowledging
            ? 'Tell the other operators you are on it. Your name, the time and the note are kept in its history.'
            : 'Resolve it once the cause is fixed. If turns leave out always-on facts again, a new alert opens.'}
        </p>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-3"
      >
        {acknowledging ? (
          <div>
            <label htmlFor="alert-note" className="block text-sm font-medium">
              Note
            </label>
            <textarea
              id="alert-note"
              required
              maxLength={ALERT_NOTE_MAX}
              rows={3}
              value={note}
              autoFocus
              onChange={(event) => setNote(event.target.value)}
              aria-describedby="alert-note-hint"
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
            />
            <p id="alert-note-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Up to {ALERT_NOTE_MAX} characters.
            </p>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={busy} autoFocus={!acknowledging}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || (acknowledging && note.trim() === '')} aria-busy={busy || undefined}>
            {acknowledging ? (busy ? 'Acknowledging…' : 'Acknowledge') : busy ? 'Resolving…' : 'Resolve'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
