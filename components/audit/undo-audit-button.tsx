'use client';
// "Undo" on one audited change: a confirmation naming what the fact goes back to, then the undo,
// whose outcome (done, or why not) the page announces.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { AuditRow } from '@/components/trpc/outputs';
import { AUDIT_QUERY_KEY } from './audit-query';

export interface UndoOutcome {
  tone: 'success' | 'error';
  text: string;
}

function textOf(value: unknown): string | null {
  const text = typeof value === 'object' && value !== null ? (value as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : null;
}

function consequence(row: AuditRow): string {
  const before = textOf(row.before);
  if (before === null) return `“${row.key}” will be removed, as it was before this change.`;
  if (textOf(row.after) === null) return `“${row.key}” will be created again with the text it had: “${before}”`;
  return `“${row.key}” goes back to: “${before}”`;
}

export function UndoAuditButton({ row, onOutcome }: { row: AuditRow; onOutcome: (outcome: UndoOutcome) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const undo = useMutation(trpc.audit.undo.mutationOptions());
  const password = useConfirmPassword();

  async function confirm() {
    try {
      await password.run((typed) => undo.mutateAsync({ id: row.id, password: typed }));
      onOutcome({
        tone: 'success',
        text: `Undone. ${consequence(row).replace(' will be ', ' was ').replace(' goes back to', ' is back to')}`,
      });
    } catch (error) {
      const why = error instanceof ConfirmationCancelled ? error.message : errorMessage(error, 'The undo failed.');
      onOutcome({ tone: 'error', text: `Not undone. ${why}` });
    } finally {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: trpc.memories.pathKey() });
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Undo this change to ${row.key}`}>
        Undo
      </Button>
      <Dialog
        open={confirming}
        onClose={() => !undo.isPending && setConfirming(false)}
        title={`Undo this change to “${row.key}”?`}
        description={
          <>
            <p>{consequence(row)}</p>
            <p className="mt-2">
              This is recorded in the audit log as a change of its own. It only works if nobody changed the fact since.
            </p>
          </>
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={undo.isPending} autoFocus>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={undo.isPending}>
            {undo.isPending ? 'Undoing…' : 'Undo change'}
          </Button>
        </div>
      </Dialog>
      {password.dialog}
    </>
  );
}
