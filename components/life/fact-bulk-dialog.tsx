'use client';
// The one confirmation before a batch on the Facts page (delete, mute, restore, confirm as still
// true, expire now, always on or not): it names the exact count, checks each fact at the version
// shown, and reports what was done and what was left (changed since, refused). Deleting or pinning
// for everyone may ask for the password (docs/operations.md "Sessions"). Making facts always on
// that together leave people over their per-turn limit says how many, and asks again with that
// number before doing it.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { domainDetails, errorMessage } from '@/components/trpc/errors';
import { BulkActionBar } from './bulk-action-bar';
import { bulkResultText, countOf, type useSelection } from './bulk-selection';

export type FactBulkAction = 'delete' | 'mute' | 'unmute' | 'confirm' | 'expire' | 'pin' | 'unpin';

export interface FactBulkRequest {
  action: FactBulkAction;
  facts: { id: string; version: number }[];
}

/** Why a batch refuses a fact, unless the action says otherwise. */
const PINNED_FIRST = 'a fact that is always on must be made not always on first';
const WORDS: Record<
  FactBulkAction,
  { verb: string; ask?: (count: string) => string; past: string; what: string; danger: boolean; refusal?: string }
> = {
  delete: {
    verb: 'Delete',
    past: 'Deleted',
    what: 'The assistant will no longer know them, for everyone they apply to.',
    danger: true,
  },
  mute: {
    verb: 'Mute',
    past: 'Muted',
    what: 'They are kept, but the assistant will not use them until restored.',
    danger: false,
  },
  unmute: {
    verb: 'Restore',
    past: 'Restored',
    what: 'The assistant uses them again (muted ones only).',
    danger: false,
  },
  confirm: {
    verb: 'Confirm',
    past: 'Confirmed',
    what: 'They are marked as still true, and are next due for review later.',
    danger: false,
  },
  expire: {
    verb: 'Expire',
    past: 'Expired',
    what: 'The assistant stops using them now; they stay listed as expired.',
    danger: true,
  },
  pin: {
    verb: 'Always on',
    ask: (count) => `Make ${count} always on`,
    past: 'Now always on:',
    what: 'The assistant carries them in every conversation of the people they apply to, before anything else.',
    danger: false,
    refusal: 'a muted fact must be restored first',
  },
  unpin: {
    verb: 'Not always on',
    ask: (count) => `Stop ${count} being always on`,
    past: 'No longer always on:',
    what: 'They stay in use, but compete for room in each conversation like any other fact.',
    danger: false,
  },
};

/** The question and its button: "Delete 3 facts", "Make 2 facts always on". */
const askOf = (action: FactBulkAction, count: string) => WORDS[action].ask?.(count) ?? `${WORDS[action].verb} ${count}`;

export function factBulkVerb(action: FactBulkAction): string {
  return WORDS[action].verb;
}

export function FactBulkDialog({
  request,
  onDone,
  onCancel,
}: {
  request: FactBulkRequest | null;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const act = useMutation(trpc.facts.act.mutationOptions());
  const confirm = useConfirmPassword();
  const [error, setError] = useState<string | null>(null);
  /** The people the pins would leave over their limit, when the server said so: asked again with it. */
  const [over, setOver] = useState<number | null>(null);
  const words = request ? WORDS[request.action] : null;
  const count = request ? countOf(request.facts.length, 'fact') : '';
  const close = () => {
    setError(null);
    setOver(null);
    onCancel();
  };
  const run = (batch: FactBulkRequest, confirmOmissions?: number) =>
    void confirm
      .run((password) =>
        act.mutateAsync({
          ids: batch.facts.map((fact) => fact.id),
          action: batch.action,
          expectedVersions: batch.facts,
          ...(confirmOmissions !== undefined ? { confirmOmissions } : {}),
          ...(password ? { password } : {}),
        }),
      )
      .then(
        (result) => {
          setError(null);
          setOver(null);
          onDone(bulkResultText(result.counts, WORDS[batch.action].past, 'fact', WORDS[batch.action].refusal ?? PINNED_FIRST));
        },
        (e: unknown) => {
          if (e instanceof ConfirmationCancelled) return;
          const details = domainDetails(e);
          const peopleOver = (details?.current as { peopleOver?: number } | undefined)?.peopleOver;
          if (details?.reason === 'PIN_OVER_BUDGET' && peopleOver !== undefined) {
            setOver(peopleOver);
            setError(
              `${peopleOver === 1 ? '1 person' : `${peopleOver} people`} would then have more always-on facts than their assistant can carry in one conversation, so some would be left out. Nothing was changed yet.`,
            );
            return;
          }
          setOver(null);
          setError(errorMessage(e, `${count} could not be changed. Nothing was changed.`));
        },
      );
  return (
    <Dialog
      open={request !== null}
      onClose={close}
      title={request && words ? `${askOf(request.action, count)}?` : ''}
      description={words ? <p>{words.what}</p> : null}
    >
      {request && words ? (
        <div className="space-y-3">
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} autoFocus>
              Cancel
            </Button>
            {over !== null ? (
              <Button variant="danger" disabled={act.isPending} onClick={() => run(request, over)}>
                {act.isPending ? 'Working…' : `Make ${count} always on anyway`}
              </Button>
            ) : (
              <Button variant={words.danger ? 'danger' : 'primary'} disabled={act.isPending} onClick={() => run(request)}>
                {act.isPending ? 'Working…' : askOf(request.action, count)}
              </Button>
            )}
          </div>
        </div>
      ) : null}
      {confirm.dialog}
    </Dialog>
  );
}

/**
 * The bar and the dialog together, for a list of facts with a selection (the Facts table and Due
 * for review): the chosen action is asked about for the selected facts at the versions shown.
 */
export function FactBulkControls({
  facts,
  selection,
  actions,
  onDone,
}: {
  facts: readonly { id: string; version: number }[];
  selection: ReturnType<typeof useSelection>;
  actions: readonly FactBulkAction[];
  onDone: (text: string) => void;
}) {
  const [bulk, setBulk] = useState<FactBulkRequest | null>(null);
  return (
    <>
      <BulkActionBar
        count={selection.ids.length}
        noun="fact"
        busy={bulk !== null}
        onClear={selection.clear}
        actions={actions.map((action) => ({
          verb: factBulkVerb(action),
          label: askOf(action, countOf(selection.ids.length, 'fact')),
          tone: WORDS[action].danger ? 'danger' : 'secondary',
          onClick: () =>
            setBulk({
              action,
              facts: facts.filter((fact) => selection.has(fact.id)).map((fact) => ({ id: fact.id, version: fact.version })),
            }),
        }))}
      />
      <FactBulkDialog
        request={bulk}
        onCancel={() => setBulk(null)}
        onDone={(text) => {
          setBulk(null);
          selection.clear();
          onDone(text);
        }}
      />
    </>
  );
}
