'use client';
// "Delete this memory?" naming the fact, and what applies instead once it is gone.
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { scopeKind } from '@/server/domain';
import type { VisibleMemory } from '@/components/trpc/outputs';
import { settingName } from './memory-wording';

export function ForgetMemoryDialog({
  memory,
  onConfirm,
  onCancel,
}: {
  memory: VisibleMemory | null;
  onConfirm: (memory: VisibleMemory) => void;
  onCancel: () => void;
}) {
  const next = memory?.overrides[0];
  return (
    <Dialog
      open={memory !== null}
      onClose={onCancel}
      title={memory ? `Delete “${memory.key}”?` : ''}
      description={
        memory ? (
          <>
            <p>
              The assistant will forget: <q className="font-medium text-slate-900 dark:text-slate-100">{memory.text}</q>
            </p>
            {next ? (
              <p className="mt-2">
                Afterwards, {settingName({ audience: next.audience, kind: scopeKind(next.scope) })} applies
                to you again: <q>{next.text}</q>
              </p>
            ) : null}
          </>
        ) : null
      }
    >
      {memory ? (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => onConfirm(memory)}>
            Delete memory
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
