'use client';
// A yes/no question before a removal: the safe choice has the focus, the risky one is red.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export function ConfirmDialog({
  question,
  explanation,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string | null;
  explanation: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={question !== null} onClose={() => !busy && onCancel()} title={question ?? ''} description={explanation}>
      {question ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
