'use client';
// Pinning (or unpinning) a fact: the forecast first, and when people would lose always-on facts, an
// explicit confirmation that names how many.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { REFUSAL_WORDS } from '@/components/trpc/refusal-words';
import type { PublishedFact } from '@/components/trpc/outputs';
import { ForecastPanel } from './forecast-panel';

export function PinFactDialog({
  fact,
  onDone,
  onCancel,
}: {
  fact: PublishedFact | null;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const pinning = fact ? !fact.pinned : true;
  // A muted fact is restored before it is pinned (the server refuses it: MUTED_FACT); say so at once.
  const muted = pinning && fact?.state === 'muted';
  const forecast = useQuery({
    ...trpc.facts.forecast.queryOptions({ scope: fact?.scope ?? '', key: fact?.key ?? '', pinned: pinning }),
    enabled: fact !== null && !muted,
  });
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setPinned = useMutation(trpc.facts.setPinned.mutationOptions());
  const confirm = useConfirmPassword();
  const over = forecast.data?.peopleOver ?? 0;
  const needsConfirm = pinning && over > 0;

  function close() {
    setConfirmed(false);
    setError(null);
    onCancel();
  }

  function submit() {
    if (!fact || !forecast.data) return;
    setError(null);
    const confirmOmissions = needsConfirm ? over : undefined;
    confirm
      .run((password) => setPinned.mutateAsync({ id: fact.id, pinned: pinning, expectedVersion: fact.version, confirmOmissions, password }))
      .then(
        () => {
          setConfirmed(false);
          onDone(pinning ? `“${fact.key}” is always on now.` : `“${fact.key}” is no longer always on.`);
        },
        (e: unknown) => setError(errorMessage(e, e instanceof Error ? e.message : 'The pin could not be changed.')),
      );
  }

  return (
    <Dialog
      open={fact !== null}
      onClose={close}
      title={fact ? (pinning ? `Make “${fact.key}” always on?` : `Stop “${fact.key}” being always on?`) : ''}
      description={
        pinning
          ? 'An always-on fact goes into every turn of the assistant for everyone it applies to, before anything else — as long as it fits.'
          : 'The fact stays published; the assistant then carries it only when there is room or it is relevant.'
      }
    >
      <div className="space-y-3">
        {muted ? (
          <p role="alert" className="text-sm font-medium text-amber-900 dark:text-amber-200">
            {REFUSAL_WORDS.MUTED_FACT} Tick it in the list and choose Restore.
          </p>
        ) : null}
        {forecast.isPending && !muted ? <p role="status">Working out who this affects…</p> : null}
        {forecast.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {errorMessage(forecast.error, 'The forecast could not be loaded.')}
          </p>
        ) : null}
        {forecast.data ? <ForecastPanel forecast={forecast.data} change={pinning ? 'With this pin' : 'Without this pin'} /> : null}
        {needsConfirm ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            <span>I understand that {over === 1 ? '1 person' : `${over} people`} will not get all always-on facts.</span>
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <Button onClick={submit} disabled={muted || !forecast.data || (needsConfirm && !confirmed) || setPinned.isPending}>
            {setPinned.isPending ? 'Saving…' : pinning ? 'Make always on' : 'Stop always on'}
          </Button>
        </div>
      </div>
      {confirm.dialog}
    </Dialog>
  );
}
