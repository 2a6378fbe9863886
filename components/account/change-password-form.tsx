'use client';
// Change your password: current, new and confirmation. The length rule is the domain's; errors are
// shown at their field and focus moves to the first one. Other sessions end; this one stays.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage, fieldErrors } from '@/components/trpc/errors';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { validateNewPassword } from '@/server/domain';
import { NEW_PASSWORD_HINT } from './password-hint';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';
import { useInBrowser } from '@/components/ui/use-in-browser';

type Field = 'current' | 'next' | 'confirm';

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const inBrowser = useInBrowser();

  const change = useMutation(trpc.account.changePassword.mutationOptions());

  function focusFirst(shown: Partial<Record<Field, string[]>>) {
    const first = (['current', 'next', 'confirm'] as const).find((field) => shown[field]?.length);
    const input = { current: currentRef, next: nextRef, confirm: confirmRef }[first ?? 'current'];
    if (first) input.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const form = new FormData(event.currentTarget);
    const current = String(form.get('current') ?? '');
    const next = String(form.get('next') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const local: Partial<Record<Field, string[]>> = {};
    if (!current) local.current = ['current password is required'];
    // The password rules themselves (server/domain/password-policy.ts), before sending; the server
    // checks them again.
    const verdict = validateNewPassword(next, current);
    if (!verdict.ok) local.next = verdict.errors.map((error) => error.message);
    if (confirm !== next) local.confirm = ['the confirmation does not match the new password'];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusFirst(local);
      return;
    }
    setErrors({});
    change.mutate(
      { current, next },
      {
        onSuccess: ({ endedSessions }) => {
          formRef.current?.reset();
          setDone(
            `Your password is changed.${endedSessions > 0 ? ` ${endedSessions === 1 ? '1 other session was' : `${endedSessions} other sessions were`} signed out.` : ''}`,
          );
          void queryClient.invalidateQueries(trpc.account.sessions.pathFilter());
          focusAfterRender(statusRef);
        },
        onError: (error) => {
          const byField = fieldErrors(error);
          const shown: Partial<Record<Field, string[]>> = { current: byField.current, next: byField.next };
          setErrors(shown);
          focusFirst(shown);
        },
      },
    );
  }

  const otherError =
    change.isError && !errors.current?.length && !errors.next?.length
      ? errorMessage(change.error, 'The password could not be changed.')
      : null;

  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Every other session is signed out; this one stays signed in.</p>
      <form ref={formRef} method="post" onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label="Current password"
          name="current"
          type="password"
          autoComplete="current-password"
          errors={errors.current}
          inputRef={currentRef}
        />
        <TextField
          label="New password"
          name="next"
          type="password"
          autoComplete="new-password"
          errors={errors.next}
          inputRef={nextRef}
          hint={{ content: NEW_PASSWORD_HINT }}
        />
        <TextField
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          errors={errors.confirm}
          inputRef={confirmRef}
        />
        {otherError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {otherError}
          </p>
        ) : null}
        <p
          ref={statusRef}
          tabIndex={-1}
          role="status"
          className={
            done
              ? 'rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-emerald-950/60 dark:text-emerald-100'
              : 'sr-only'
          }
        >
          {done ?? ''}
        </p>
        <Button type="submit" disabled={change.isPending || !inBrowser} aria-busy={change.isPending || undefined}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
