'use client';
// Email + password sign-in. The form posts to next-auth's credentials callback itself (as
// next-auth's signIn() would) so it can read a throttled answer: HTTP 429 with the seconds to wait.
// next-auth's own client stays off the page (auth-endpoints.ts says why).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { csrfToken, postAuthForm, signInWithProvider } from '@/components/auth/auth-endpoints';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useInBrowser } from '@/components/ui/use-in-browser';
import { wrongAddressWarning, type ConsoleAddress } from './console-address';

const timeOfDay = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "Try again in 14 minutes (at 16:42)." from the Retry-After seconds. */
export function retryMessage(retryAfterSeconds: number, now = Date.now()): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? 'less than a minute' : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-ins for this account or network. Try again in ${wait} (at ${timeOfDay.format(new Date(now + retryAfterSeconds * 1000))}).`;
}

async function postCredentials(email: string, password: string, callbackUrl: string) {
  const response = await postAuthForm('callback/credentials', { email, password, csrfToken: await csrfToken(), callbackUrl, json: 'true' });
  const body = (await response.json().catch(() => ({}))) as { url?: string; retryAfter?: number };
  if (response.status === 429) {
    const retryAfter = Number(body.retryAfter ?? response.headers.get('retry-after') ?? 60);
    return { ok: false as const, error: retryMessage(Number.isFinite(retryAfter) ? retryAfter : 60) };
  }
  const error = body.url ? new URL(body.url, window.location.href).searchParams.get('error') : 'Unknown';
  if (!response.ok || error) {
    return { ok: false as const, error: error === 'CredentialsSignin' ? 'Wrong email or password.' : 'Sign-in failed. Try again.' };
  }
  return { ok: true as const };
}

interface MissingFields {
  email?: string;
  password?: string;
}

/** Which fields were left empty, each with the sentence shown under it. */
export function missingFields(email: string, password: string): MissingFields {
  return {
    ...(email.trim() === '' ? { email: 'Enter your email address.' } : {}),
    ...(password === '' ? { password: 'Enter your password.' } : {}),
  };
}

export function SignInForm({
  callbackUrl,
  initialError,
  oidc,
  address,
}: {
  callbackUrl: string;
  initialError: string | null;
  oidc: { name: string } | null;
  address: ConsoleAddress;
}) {
  const [error, setError] = useState<string | null>(initialError);
  const [missing, setMissing] = useState<MissingFields>({});
  const [pending, setPending] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const inBrowser = useInBrowser();
  // Bumped by every refused attempt, so focus moves even when the message is the same as before.
  const [attempt, setAttempt] = useState(0);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const errorBox = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    // After the messages are on screen: focus the first empty field, or the reason it was refused.
    if (attempt === 0) return;
    if (missing.email) emailInput.current?.focus();
    else if (missing.password) passwordInput.current?.focus();
    else errorBox.current?.focus();
  }, [attempt, missing]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const empty = missingFields(email, password);
    setMissing(empty);
    if (empty.email || empty.password) {
      setError(null);
      setAttempt((count) => count + 1);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await postCredentials(email, password, callbackUrl);
      if (!result.ok) {
        setError(result.error);
        setPending(false);
        setAttempt((count) => count + 1);
        return;
      }
      // A full navigation, so every server component renders with the new session.
      window.location.assign(callbackUrl);
    } catch {
      setError('The console could not be reached. Check your connection and try again.');
      setPending(false);
      setAttempt((count) => count + 1);
    }
  }

  async function startSingleSignOn() {
    setError(null);
    try {
      await signInWithProvider('oidc', callbackUrl);
    } catch {
      setError('Single sign-on could not start. Check your connection and try again.');
      setAttempt((count) => count + 1);
    }
  }

  // Only the browser knows the address it opened; the server may sit behind a proxy.
  const addressWarning = inBrowser ? wrongAddressWarning(window.location.origin, address) : null;

  return (
    <div className="mt-6 space-y-6">
      {addressWarning ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {addressWarning}{' '}
          <a className="font-medium underline" href={`${address.expected}/signin`}>
            Open {address.expected}
          </a>
        </p>
      ) : null}
      <form method="post" onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          inputRef={emailInput}
          errors={missing.email ? [missing.email] : undefined}
          onChange={() => missing.email && setMissing((current) => ({ ...current, email: undefined }))}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          inputRef={passwordInput}
          errors={missing.password ? [missing.password] : undefined}
          onChange={() => missing.password && setMissing((current) => ({ ...current, password: undefined }))}
        />
        <div>
          <button
            type="button"
            aria-expanded={forgotOpen}
            aria-controls="forgot-password"
            onClick={() => setForgotOpen((open) => !open)}
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300"
          >
            Forgot password?
          </button>
          {/* The same words for every address: nothing here asks the server, so nothing tells whether an account exists. */}
          <p
            id="forgot-password"
            hidden={!forgotOpen}
            className="mt-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          >
            Ask your organisation’s administrator for a reset link. They can make one on your page under People; it lets you choose a new
            password once.
          </p>
        </div>
        {error ? (
          <p
            ref={errorBox}
            tabIndex={-1}
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={pending || !inBrowser}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {oidc ? (
        <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
          <Button variant="secondary" className="w-full" disabled={!inBrowser} onClick={() => void startSingleSignOn()}>
            Sign in with {oidc.name}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
