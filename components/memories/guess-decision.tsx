'use client';
// The decision a row asks for when the assistant's guess about the person overrides a value held for
// a group, the organisation or everyone (docs/features.md "My memories"): keep the guess as their
// own, or use the shared value. The keep is a request of its own rather than `useMutation`: the
// server draws up to 12 rows, and an observer for each decision on the page cost about 0.3 ms of
// its CPU a request (docs/benchmarks.md "http"), for a button most people never press.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPCClient } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { VisibleMemory } from '@/components/trpc/outputs';
import type { conflictWords } from './memory-wording';

export function GuessDecision({
  memory,
  words,
  onKeep,
  onKept,
  onFailed,
  onUseTheirs,
}: {
  memory: Pick<VisibleMemory, 'id' | 'version'>;
  words: ReturnType<typeof conflictWords>;
  /** Pressed "keep": before the request. */
  onKeep: () => void;
  onKept: () => Promise<void>;
  onFailed: (text: string) => void;
  onUseTheirs: () => void;
}) {
  const client = useTRPCClient();
  const [keeping, setKeeping] = useState(false);
  const keep = async () => {
    onKeep();
    setKeeping(true);
    try {
      await client.memories.keepMine.mutate({ id: memory.id, expectedVersion: memory.version });
      await onKept();
    } catch (failed) {
      onFailed(errorMessage(failed, 'It could not be kept as yours.'));
    } finally {
      setKeeping(false);
    }
  };
  return (
    <div
      role="group"
      aria-label="Decide which value applies"
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="font-medium">{words.summary}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={keeping} onClick={() => void keep()}>
          {keeping ? 'Keeping…' : words.keepLabel}
        </Button>
        <Button variant="secondary" disabled={keeping} onClick={onUseTheirs}>
          {words.useTheirsLabel}
        </Button>
      </div>
    </div>
  );
}
