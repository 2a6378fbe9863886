'use client';
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

export function SignInForm({
  callbackUrl,
  initialError,
  oidc,
}: {
  callbackUrl: string;
  initialError: string | null;
  oidc: { name: string } | null;
}) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn('credentials', {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        redirect: false,
      });
      if (!result || result.error) {
        setError(result?.error === 'CredentialsSignin' || !result ? 'Wrong email or password.' : 'Sign-in failed. Try again.');
        setPending(false);
        return;
      }
      // A full navigation, so every server component renders with the new session.
      window.location.assign(callbackUrl);
    } catch {
      setError('The console could not be reached. Check your connection and try again.');
      setPending(false);
    }
  }

  return (
    <div className="mt-6 space-y-6">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="username" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {oidc ? (
        <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
          <Button variant="secondary" className="w-full" onClick={() => void signIn('oidc', { callbackUrl })}>
            Sign in with {oidc.name}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
