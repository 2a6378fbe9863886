'use client';
// "Publish…" on a review-queue group: edit the wording, choose where it applies, whose conclusions
// it stands on, whether it is always on and whether the assistant's own copies go; then confirm in
// plain words. The text is checked with the server's own validateFact before sending.
import { useRef, useState, type FormEvent } from 'react';
import { useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import type { PromotionOptions, PromotionResult } from '@/components/trpc/outputs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { countChars, validateFact } from '@/server/domain';
import { checkClass, FactChange, SourcePicker, TargetPicker } from './promote-fields';
import { PromoteSummary } from './promote-summary';
import { promoteFailure, type CurrentRecord } from './promote-wording';
import { defaultSourceIds, proposedText, seededSettings, type PromotableGroup } from './promote-proposal';
import { PublishReach } from './publish-reach';
import { usePromote, usePromotionOptions, usePublishReach } from './use-promote';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';

export interface PromoteDialogProps {
  group: PromotableGroup;
  /** With the published fact when it was published, without when cancelled. */
  onClose: (published?: PromotionResult) => void;
}

export function PromoteDialog({ group, onClose }: PromoteDialogProps) {
  const options = usePromotionOptions(group);
  return (
    <Dialog
      open
      onClose={() => onClose()}
      title={`Publish “${group.key}”`}
      description="Turn what the assistant concluded into a fact your organisation states. People see it as stated by an administrator."
    >
      {options.data ? (
        <PromoteForm group={group} options={options.data} onClose={onClose} />
      ) : options.isError ? (
        <div role="alert" className="space-y-3 text-sm">
          <p>The publishing options could not be loaded. {options.error.message}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onClose()}>
              Close
            </Button>
            <Button onClick={() => void options.refetch()} autoFocus>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading where this can be published…
        </p>
      )}
    </Dialog>
  );
}

function PromoteForm({ group, options, onClose }: PromoteDialogProps & { options: PromotionOptions }) {
  const promote = usePromote();
  const confirmPassword = useConfirmPassword();
  const [text, setText] = useState(() => proposedText(group, options.sources));
  const [scope, setScope] = useState(options.targets[0]?.scope ?? '');
  const target = options.targets.find((candidate) => candidate.scope === scope);
  // What each place holds now; a conflict replaces it with what the server answered.
  const [currentByScope, setCurrentByScope] = useState<Record<string, CurrentRecord | null>>(() =>
    Object.fromEntries(options.targets.map((candidate) => [candidate.scope, candidate.current])),
  );
  const current = currentByScope[scope] ?? null;
  const [pinned, setPinned] = useState(() => seededSettings(current).pinned);
  // Choosing a place seeds every setting from what it holds now, so replacing its fact never
  // silently changes more than the administrator sees (an always-on fact stays always on).
  function chooseTarget(next: string) {
    setScope(next);
    setPinned(seededSettings(currentByScope[next] ?? null).pinned);
  }
  const [sourceIds, setSourceIds] = useState(() => defaultSourceIds(group, options.sources, text));
  // The copies are the assistant's, never a person's statement: left in place, they would outrank
  // the published fact for the very people it came from.
  const [retire, setRetire] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [textError, setTextError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const textRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const maxFactChars = target?.maxFactChars ?? 240;
  const reach = usePublishReach(target ? scope : '', group.key, pinned);
  // A key only one person holds may be personal to them: publishing it asks for an explicit yes.
  const onePerson = options.sourceCount === 1 ? (options.sources[0]?.personName ?? 'one person') : null;

  if (!target)
    return (
      <p role="alert" className="text-sm">
        You may not publish this key anywhere.
      </p>
    );

  function review(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const verdict = validateFact({ key: group.key, text }, { maxFactChars });
    if (!verdict.ok) {
      setTextError(verdict.errors.map((error) => error.message).join(' '));
      textRef.current?.focus();
      return;
    }
    setTextError(null);
    if (sourceIds.length === 0) {
      setFailure('Choose at least one conclusion this fact is based on.');
      focusAfterRender(alertRef);
      return;
    }
    setConfirming(true);
  }

  function publish() {
    const input = {
      key: group.key,
      text,
      targetScope: scope,
      pinned,
      sourceIds,
      retireSources: retire,
      expectedVersion: current?.version ?? 0,
    };
    // Publishing for everyone may ask for the password first (removing the assistant's copies never does).
    confirmPassword
      .run((password) => promote.mutateAsync({ ...input, password }))
      .then(
        (published) => onClose(published),
        (error: unknown) => {
          const outcome = promoteFailure(error);
          setConfirming(false);
          if (outcome.kind === 'conflict') setCurrentByScope((held) => ({ ...held, [scope]: outcome.current }));
          if (outcome.kind === 'text') {
            setTextError(outcome.message);
            focusAfterRender(textRef);
            return;
          }
          setFailure(outcome.message);
          focusAfterRender(alertRef);
        },
      );
  }

  if (confirming) {
    return (
      <>
        {confirmPassword.dialog}
        <PromoteSummary
          place={target.label}
          text={text.trim()}
          replaces={current ? { text: current.text, pinned: current.pinned } : null}
          pinned={pinned}
          reach={reach.data}
          retiring={retire ? sourceIds.length : 0}
          onePerson={onePerson}
          busy={promote.isPending}
          onBack={() => setConfirming(false)}
          onConfirm={publish}
        />
      </>
    );
  }

  const length = countChars(text.trim());
  return (
    <form onSubmit={review} noValidate className="space-y-4">
      {failure ? (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {failure}
        </p>
      ) : null}
      <TextField
        label="The fact, as people will read it"
        inputRef={textRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        errors={textError ? [textError] : undefined}
        hint={{ content: `${length} of ${maxFactChars} characters`, tone: length > maxFactChars ? 'error' : 'muted' }}
        autoFocus
        autoComplete="off"
      />
      {onePerson !== null ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
          Only {onePerson} holds this key, so it may be personal to them. Publishing it asks you to confirm.
        </p>
      ) : null}
      <TargetPicker targets={options.targets} value={scope} onChange={chooseTarget} />
      {current ? <FactChange place={target.label} current={current} proposed={{ text: text.trim(), pinned }} /> : null}
      <SourcePicker sources={options.sources} sourceCount={options.sourceCount} selected={sourceIds} onChange={setSourceIds} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className={checkClass} checked={pinned} onChange={(event) => setPinned(event.target.checked)} />
        <span>Always on: the assistant brings this fact into every conversation.</span>
      </label>
      <PublishReach reach={reach.data} failed={reach.isError} pinned={pinned} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className={checkClass} checked={retire} onChange={(event) => setRetire(event.target.checked)} />
        <span>
          Remove the assistant’s own copies from the people chosen above, so the published fact is what their assistant uses. What people
          said about themselves is never removed.
        </span>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onClose()}>
          Cancel
        </Button>
        <Button type="submit">{current ? 'Review replacement…' : 'Review and publish…'}</Button>
      </div>
    </form>
  );
}
