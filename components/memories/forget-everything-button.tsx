'use client';
// "Forget everything about me": deletes every memory at the person's own scope after they type a
// confirmation word; shows progress and how many were deleted. Shared facts are not touched.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { useRefreshMemories } from './use-refresh-memories';

export const CONFIRMATION_WORD = 'FORGET';

export function ForgetEverythingButton() {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const forgetAll = useMutation(trpc.memories.forgetAll.mutationOptions({ onSettled: () => refresh() }));

  function close() {
    if (forgetAll.isPending) return;
    setOpen(false);
    setTyped('');
    forgetAll.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === CONFIRMATION_WORD) forgetAll.mutate({ confirm: true });
  }

  const deleted = forgetAll.data?.deleted;

  return (
    <>
      <Button variant="danger-outline" onClick={() => setOpen(true)}>
        Forget everything about me
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Forget everything about you?"
        description={
          <p>
            This deletes every memory held at your own scope: the facts you stated and everything the assistant concluded about you.
            It cannot be undone. Facts your organisation publishes for everyone stay, because only an administrator can change them.
          </p>
        }
      >
        {deleted !== undefined ? (
          <div className="space-y-4">
            <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100">
              {deleted === 0
                ? 'There was nothing held at your own scope; nothing was deleted.'
                : `Done: ${deleted === 1 ? '1 memory was' : `${deleted} memories were`} deleted.`}
            </p>
            <div className="flex justify-end">
              <Button variant="secondary" onClick={close} autoFocus>
                Close
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-3">
            <label htmlFor={inputId} className="block text-sm font-medium">
              Type {CONFIRMATION_WORD} to confirm
            </label>
            <input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-describedby={hintId}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              disabled={forgetAll.isPending}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
            />
            <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
              In capital letters, exactly as shown.
            </p>
            {forgetAll.isError ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {errorMessage(forgetAll.error, 'Nothing was deleted.')} Nothing was deleted; try again.
              </p>
            ) : null}
            {forgetAll.isPending ? (
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                Forgetting your memories…
              </p>
            ) : null}
            <div className="flex justify-end gap-2 pt-1">
              <Button variant="secondary" onClick={close} disabled={forgetAll.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={typed.trim() !== CONFIRMATION_WORD || forgetAll.isPending} aria-busy={forgetAll.isPending || undefined}>
                {forgetAll.isPending ? 'Forgetting…' : 'Forget everything'}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
