'use client';
// Sensitive changes ask for the password again when the sign-in is more than ten minutes old
// (docs/operations.md "Sessions"). Wrap the call with `confirm.run(password => mutateAsync({ …,
// password }))` and render `confirm.dialog`: the call is tried as is; when the server answers that
// it needs the password, this dialog asks for it and retries with it, as often as the person tries.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { refusalReason } from '@/components/trpc/refusal-words';
import type { RefusalReason } from '@/server/domain';

/** Thrown by `run` when the person closed the dialog instead of typing the password. */
export class ConfirmationCancelled extends Error {
  constructor() {
    super('The password was not confirmed, so nothing was changed.');
    this.name = 'ConfirmationCancelled';
  }
}

const PASSWORD_REASONS = new Set<RefusalReason>(['REAUTH_REQUIRED', 'REAUTH_FAILED']);

function needsPassword(error: unknown): boolean {
  // A person without a password (single sign-on) gets another reason: the message says what to do.
  const reason = refusalReason(error);
  return reason !== null && PASSWORD_REASONS.has(reason);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

interface Pending {
  problem: string | null;
  answer: (password: string | null) => void;
}

export function useConfirmPassword(): { run: <T>(call: (password?: string) => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);

  const ask = (problem: string | null) =>
    new Promise<string | null>((resolve) => {
      setPending({
        problem,
        answer: (password) => {
          setPending(null);
          resolve(password);
        },
      });
    });

  async function run<T>(call: (password?: string) => Promise<T>): Promise<T> {
    let password: string | undefined;
    for (;;) {
      try {
        return await call(password);
      } catch (error) {
        if (!needsPassword(error)) throw error;
        // The first ask explains why; a later one says the password was wrong (or throttled).
        const typed = await ask(password === undefined ? null : errorText(error));
        if (typed === null) throw new ConfirmationCancelled();
        password = typed;
      }
    }
  }

  const dialog = pending ? <PasswordPrompt problem={pending.problem} onAnswer={pending.answer} /> : null;
  return { run, dialog };
}

function PasswordPrompt({ problem, onAnswer }: { problem: string | null; onAnswer: (password: string | null) => void }) {
  const [password, setPassword] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After a wrong password the dialog opens again with the reason: start there, so it is read
    // out first; the field is the next stop.
    if (problem) errorRef.current?.focus();
  }, [problem]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) {
      inputRef.current?.focus();
      return;
    }
    onAnswer(password);
  };
  return (
    <Dialog
      open
      onClose={() => onAnswer(null)}
      title="Confirm your password"
      description="You signed in more than ten minutes ago. To make this change, type your password again."
    >
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          inputRef={inputRef}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={problem ? [problem] : undefined}
          errorRef={errorRef}
          maxLength={1024}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onAnswer(null)}>
            Cancel
          </Button>
          <Button type="submit">Confirm and continue</Button>
        </div>
      </form>
    </Dialog>
  );
}
