'use client';
// "Delete this fact?" naming it and who it applies to; deletes only the version shown.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { PublishedFact } from '@/components/trpc/outputs';
import { scopeName } from '@/components/glossary';
import { useScopeNames } from './use-scope-names';

export function DeleteFactDialog({
  fact,
  onDone,
  onCancel,
}: {
  fact: PublishedFact | null;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const names = useScopeNames();
  const remove = useMutation(trpc.facts.delete.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPassword();
  function close() {
    setError(null);
    onCancel();
  }
  return (
    <Dialog
      open={fact !== null}
      onClose={close}
      title={fact ? `Delete “${fact.key}”?` : ''}
      description={
        fact ? (
          <p>
            The assistant will no longer know, for {scopeName(fact.scope, names)}: <q className="font-medium">{fact.text}</q>
          </p>
        ) : null
      }
    >
      {fact ? (
        <div className="space-y-3">
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} autoFocus>
              Keep it
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                void confirm
                  .run((password) => remove.mutateAsync({ id: fact.id, expectedVersion: fact.version, password }))
                  .then(
                    () => {
                      setError(null);
                      onDone(`Deleted “${fact.key}”.`);
                    },
                    (e: unknown) => setError(errorMessage(e, e instanceof Error ? e.message : 'The fact could not be deleted.')),
                  )
              }
            >
              {remove.isPending ? 'Deleting…' : 'Delete fact'}
            </Button>
          </div>
        </div>
      ) : null}
      {confirm.dialog}
    </Dialog>
  );
}
