'use client';
// The confirmation of "Forget everything about me" (forget-everything-button.tsx): the person types
// the confirmation word; when the deletion is done the page reports what remains. Its code loads
// when it opens (docs/benchmarks.md "First-load JavaScript").
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { CONFIRMATION_WORD, confirmsForget, memoriesCount } from './forget-everything-button';
import { useRefreshMemories } from './use-refresh-memories';

export function ForgetEverythingDialog({
  ownCount,
  onClose,
  onForgotten,
}: {
  ownCount: number;
  onClose: () => void;
  onForgotten: (deleted: number) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const forgetAll = useMutation(
    trpc.memories.forgetAll.mutationOptions({
      onSuccess: async ({ deleted }) => {
        // The list and the counts are fresh before the page says what remains.
        await refresh();
        onForgotten(deleted);
      },
      onError: () => void refresh(),
    }),
  );

  function close() {
    if (forgetAll.isPending) return;
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirmsForget(typed)) forgetAll.mutate({ confirm: true });
  }

  const how = memoriesCount(ownCount);
  return (
    <Dialog
      open
      onClose={close}
      title="Forget everything about you?"
      description={
        <p>
          This deletes {ownCount === 1 ? 'the 1 memory' : `all ${how}`} held about you personally: what you stated and everything the
          assistant concluded about you. It cannot be undone. Memories your organisation shares with everyone stay, because only an
          administrator can change them.
        </p>
      }
    >
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
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          disabled={forgetAll.isPending}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          Capital or small letters, either works.
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
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={close} disabled={forgetAll.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={!confirmsForget(typed) || forgetAll.isPending}
            aria-busy={forgetAll.isPending || undefined}
          >
            {forgetAll.isPending ? 'Forgetting…' : `Forget ${how}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
