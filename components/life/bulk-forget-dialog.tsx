'use client';
// The one confirmation before a batch on My memories: it names the exact count, and says what
// happens to them (forgotten for good, or kept but not used).
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { countOf } from './bulk-selection';

export interface BulkRequest {
  action: 'forget' | 'mute';
  ids: string[];
}

export function BulkForgetDialog({
  request,
  onConfirm,
  onCancel,
}: {
  request: BulkRequest | null;
  onConfirm: (request: BulkRequest) => void;
  onCancel: () => void;
}) {
  const count = request ? countOf(request.ids.length, 'memory') : '';
  const verb = request?.action === 'mute' ? 'Mute' : 'Forget';
  return (
    <Dialog
      open={request !== null}
      onClose={onCancel}
      title={request ? `${verb} ${count}?` : ''}
      description={
        request ? (
          request.action === 'forget' ? (
            <p>The assistant will forget {request.ids.length === 1 ? 'it' : `all ${count}`} for good. This cannot be undone.</p>
          ) : (
            <p>
              {request.ids.length === 1 ? 'It is' : 'They are'} kept, but the assistant will not use{' '}
              {request.ids.length === 1 ? 'it' : 'them'}. You can restore {request.ids.length === 1 ? 'it' : 'them'} under “Muted and
              expired”.
            </p>
          )
        ) : null
      }
    >
      {request ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Cancel
          </Button>
          <Button variant={request.action === 'forget' ? 'danger' : 'primary'} onClick={() => onConfirm(request)}>
            {verb} {count}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
