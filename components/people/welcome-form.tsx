'use client';
// Setting a password with a one-time link. On success the link is spent; the person signs in.
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useInBrowser } from '@/components/ui/use-in-browser';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage, fieldErrors } from '@/components/trpc/errors';
import { NEW_PASSWORD_HINT } from '@/components/account/password-hint';
import { validateNewPassword } from '@/server/domain';

export function WelcomeForm({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.people.acceptLink.mutationOptions());
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [done, setDone] = useState(false);
  const inBrowser = useInBrowser();
  const doneHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    // The rules of the Account page's password change (server/domain/password-policy.ts); the
    // server checks them again.
    const verdict = validateNewPassword(password, '');
    if (!verdict.ok) {
      const words = verdict.errors.map((error) => error.message.replace(/^new password/, 'The password'));
      setErrors({ password: words });
      setMessage({ tone: 'error', text: words.join(' ') });
      return;
    }
    if (password !== repeat) {
      setErrors({ repeat: ['The two passwords are not the same.'] });
      setMessage({ tone: 'error', text: 'The two passwords are not the same.' });
      return;
    }
    try {
      await accept.mutateAsync({ token, password });
      setDone(true);
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage({ tone: 'error', text: errorMessage(error, 'The password could not be set.') });
    }
  }

  if (done) {
    return (
      <div className="mt-6 space-y-3">
        <h2
          ref={doneHeading}
          tabIndex={-1}
          className="text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Your password is set
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">Sign in with {email} and your new password.</p>
        <Link href="/signin" className={buttonClass('primary')}>
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="mt-6 space-y-4" noValidate>
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        maxLength={1000}
        hint={{ content: NEW_PASSWORD_HINT }}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        errors={errors.password}
      />
      <TextField
        label="Repeat the password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={1000}
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        errors={errors.repeat}
      />
      <FormMessage message={message} />
      <Button type="submit" className="w-full" disabled={accept.isPending || !inBrowser} aria-busy={accept.isPending || undefined}>
        {accept.isPending ? 'Saving…' : 'Set password'}
      </Button>
    </form>
  );
}
