'use client';
// "Publish selected…" on the review queue: each chosen key is published for its organisation with
// the wording most of its conclusions share, one after another, with a result per key. A key whose
// organisation already has a published fact is never replaced from here: it is reported, to be
// compared and replaced one at a time.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { checkClass } from './promote-fields';
import { BulkResultList, type BulkResult } from './bulk-result-list';
import { promoteFailure } from './promote-wording';
import { defaultSourceIds, proposedText, type PromotableGroup } from './promote-proposal';
import { usePromote } from './use-promote';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';

const groupId = (group: PromotableGroup) => `${group.tenantRef}/${group.key}`;

export function BulkPromoteDialog({ groups, onClose }: { groups: PromotableGroup[]; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const promote = usePromote();
  // The copies behind a published fact are the assistant's, never a person's words: removed by default.
  const [retire, setRetire] = useState(true);
  const [results, setResults] = useState<Record<string, BulkResult>>({});
  const [phase, setPhase] = useState<'ready' | 'running' | 'done'>('ready');
  const closeRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const progressId = useId();
  const finished = Object.values(results).filter((result) => result.state !== 'publishing').length;

  async function publishOne(group: PromotableGroup): Promise<BulkResult> {
    try {
      const options = await queryClient.fetchQuery(
        trpc.review.promotionOptions.queryOptions({ key: group.key, tenantRef: group.tenantRef }),
      );
      // A key one person holds may be personal: it is published only on its own, confirmed there.
      if (options.sourceCount === 1) {
        return { state: 'refused', message: 'Only one person holds this key: open it to publish it on its own.' };
      }
      const text = proposedText(group, options.sources);
      const sourceIds = defaultSourceIds(group, options.sources, text);
      const input = {
        key: group.key,
        text,
        targetScope: `tenant:${group.tenantRef}`,
        sourceIds,
        retireSources: retire,
        expectedVersion: 0,
      };
      await promote.mutateAsync(input);
      return { state: 'published', text };
    } catch (error) {
      const failure = promoteFailure(error);
      if (failure.kind === 'conflict') {
        return {
          state: 'conflict',
          message: failure.current
            ? `Already published as “${failure.current.text}”. Open this key to compare and replace it.`
            : failure.message,
        };
      }
      return { state: 'refused', message: failure.message };
    }
  }

  async function run() {
    setPhase('running');
    for (const group of groups) {
      const id = groupId(group);
      setResults((done) => ({ ...done, [id]: { state: 'publishing' } }));
      const result = await publishOne(group);
      setResults((done) => ({ ...done, [id]: result }));
    }
    setPhase('done');
    focusAfterRender(closeRef);
  }

  const count = groups.length === 1 ? 'one key' : `${groups.length} keys`;
  return (
    <Dialog
      open
      onClose={() => (phase === 'running' ? undefined : onClose())}
      title={`Publish ${count}`}
      description={`Each key is published for its organisation with the wording most of the assistant’s conclusions share. Keys that already have a published fact are left as they are and listed.`}
    >
      <div className="space-y-4">
        {phase === 'ready' ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className={checkClass} checked={retire} onChange={(event) => setRetire(event.target.checked)} />
            <span>Remove the assistant’s own copies behind each published fact. What people said themselves is never removed.</span>
          </label>
        ) : (
          <div>
            <label className="text-sm font-medium" htmlFor={progressId}>
              {phase === 'done' ? 'Finished' : 'Publishing…'} {finished} of {groups.length}
            </label>
            <progress id={progressId} className="mt-1 block h-2 w-full accent-indigo-600" max={groups.length} value={finished} />
          </div>
        )}
        <BulkResultList groups={groups.map((group) => ({ id: groupId(group), key: group.key, result: results[groupId(group)] }))} />
        <div className="flex flex-wrap justify-end gap-2">
          {phase === 'ready' ? (
            <>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void run()} autoFocus>
                Publish {count}
              </Button>
            </>
          ) : (
            <Button ref={closeRef} variant="secondary" onClick={onClose} disabled={phase === 'running'}>
              Close
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
