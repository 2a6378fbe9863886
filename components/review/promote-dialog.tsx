'use client';
// Placeholder until publishing ships: the review queue opens this from a group's "Publish…".
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ReviewGroup } from '@/components/trpc/outputs';

export function PromoteDialog({ group, onClose }: { group: ReviewGroup; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} title={`Publish “${group.key}”`} description="Publishing is not available yet.">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
