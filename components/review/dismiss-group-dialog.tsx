'use client';
// "Not worth publishing?" — confirms before a key leaves the review queue.
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ReviewGroup } from '@/components/trpc/outputs';

export function DismissGroupDialog({
  group,
  onConfirm,
  onCancel,
}: {
  group: ReviewGroup | null;
  onConfirm: (group: ReviewGroup) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={group !== null}
      onClose={onCancel}
      title={group ? `Mark “${group.key}” as not worth publishing?` : ''}
      description={
        group ? (
          <p>
            It leaves the review queue for everyone administering {group.tenantRef}. The assistant keeps what it concluded for each person.
            You can find it again under Dismissed and put it back.
          </p>
        ) : null
      }
    >
      {group ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Keep it in the queue
          </Button>
          <Button variant="danger" onClick={() => onConfirm(group)}>
            Not worth publishing
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
