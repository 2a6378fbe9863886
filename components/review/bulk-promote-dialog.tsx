'use client';
// Placeholder until publishing ships: the review queue opens this from "Publish selected…".
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ReviewGroup } from '@/components/trpc/outputs';

export function BulkPromoteDialog({ groups, onClose }: { groups: ReviewGroup[]; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} title={`Publish ${groups.length} keys`} description="Publishing is not available yet.">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
