'use client';
// Deleting one of the person's memories, naming it and what applies instead once it is gone. The
// same dialog asks before "Use the organisation's value" on a conflict: that is a delete of the
// assistant's guess, said as the decision it is.
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { scopeKind } from '@/server/domain';
import type { VisibleMemory } from '@/components/trpc/outputs';
import { conflictWords, valueOf } from './memory-wording';

export interface ForgetRequest {
  memory: VisibleMemory;
  /** `useTheirs`: the person chose the shared value over the assistant's guess. */
  intent: 'delete' | 'useTheirs';
}

export function ForgetMemoryDialog({
  request,
  onConfirm,
  onCancel,
}: {
  request: ForgetRequest | null;
  onConfirm: (request: ForgetRequest) => void;
  onCancel: () => void;
}) {
  const memory = request?.memory;
  const next = memory?.overrides[0];
  const nextWords = next ? { audience: next.audience, kind: scopeKind(next.scope), label: next.scopeLabel } : null;
  const useTheirs = request?.intent === 'useTheirs' && nextWords;
  const confirmLabel = useTheirs ? conflictWords(nextWords).useTheirsLabel : 'Delete memory';
  return (
    <Dialog
      open={request !== null}
      onClose={onCancel}
      title={memory ? (useTheirs ? `${confirmLabel} instead?` : 'Delete this memory?') : ''}
      description={
        memory ? (
          <>
            <p>
              {useTheirs ? 'The assistant’s guess is deleted' : 'The assistant will forget'}:{' '}
              <q className="font-medium text-slate-900 dark:text-slate-100">{memory.text}</q>
            </p>
            {next && nextWords ? (
              <p className="mt-2">
                Afterwards, {valueOf(nextWords)} applies to you: <q>{next.text}</q>
              </p>
            ) : (
              <p className="mt-2">Afterwards, nothing about this topic applies to you.</p>
            )}
          </>
        ) : null
      }
    >
      {request ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            {useTheirs ? 'Cancel' : 'Keep it'}
          </Button>
          <Button variant={useTheirs ? 'primary' : 'danger'} onClick={() => onConfirm(request)}>
            {confirmLabel}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
