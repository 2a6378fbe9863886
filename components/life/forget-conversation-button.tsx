'use client';
// "Forget everything from this conversation", offered while My memories shows one conversation:
// the confirmation counts the person's own memories from it first, and one server call forgets them.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { useRefreshMemories } from '@/components/memories/use-refresh-memories';
import { bulkResultText, countOf } from './bulk-selection';

export function ForgetConversationButton({
  threadId,
  onDone,
}: {
  threadId: string;
  onDone: (text: string, tone: 'success' | 'error') => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [open, setOpen] = useState(false);
  const matching = useQuery({ ...trpc.memories.selectMatching.queryOptions({ threadId }), enabled: open, staleTime: 0 });
  const own = matching.data ? matching.data.kinds.stated + matching.data.kinds.concluded : null;
  const forget = useMutation(trpc.memories.forgetConversation.mutationOptions());
  const close = () => setOpen(false);
  return (
    <>
      <div className="mb-2">
        <Button variant="secondary" onClick={() => setOpen(true)} disabled={forget.isPending}>
          {forget.isPending ? 'Forgetting…' : 'Forget everything from this conversation'}
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title={own === null ? 'Forget everything from this conversation?' : `Forget ${countOf(own, 'memory')} from this conversation?`}
        description={
          matching.isError ? (
            <p role="alert">{errorMessage(matching.error, 'The memories from this conversation could not be counted.')}</p>
          ) : own === null ? (
            <p>Counting your memories from this conversation…</p>
          ) : own === 0 ? (
            <p>None of your own memories came from this conversation. Shared memories are changed by administrators.</p>
          ) : (
            <p>
              The assistant will forget {own === 1 ? 'the one memory' : `all ${countOf(own, 'memory')}`} of yours that came from this
              conversation. This cannot be undone.
            </p>
          )
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={!own}
            onClick={() => {
              close();
              forget.mutate(
                { threadId },
                {
                  onSuccess: (result) => void refresh().then(() => onDone(bulkResultText(result.counts, 'Forgot', 'memory'), 'success')),
                  onError: (error) => {
                    void refresh();
                    onDone(
                      errorMessage(error, 'The memories from this conversation could not be forgotten. Nothing was changed.'),
                      'error',
                    );
                  },
                },
              );
            }}
          >
            {own ? `Forget ${countOf(own, 'memory')}` : 'Forget'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
