import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { oidcSettingsFromEnv } from '@/server/auth/oidc';
import { SIGN_IN_UNAVAILABLE } from '@/server/auth/options';
import { getViewer } from '@/server/auth/session';
import { addressedConsoleOrigin, requestOriginOf } from '@/server/http/console-origin';
import { sameConsoleOrigins } from '@/server/http/origin';
import { sameOriginRedirect } from '@/server/http/safe-redirect';

export const metadata: Metadata = { title: 'Sign in' };

/** Only the console's own origin: a sign-in link must never forward someone to another site. */
function safeCallback(value: string | string[] | undefined, origin: string): string {
  const target = Array.isArray(value) ? value[0] : value;
  return sameOriginRedirect(target, origin, '/memories');
}

const SSO_NOT_FINISHED =
  'Single sign-on did not finish: it was cancelled at the provider or could not be completed. Try again, or sign in with your email and password.';

const ERRORS: Record<string, string> = {
  OidcUnknownUser: 'Your single sign-on account is not registered in this console. Ask your administrator to add you.',
  OidcNoEmail: 'Your single sign-on provider did not share an email address, so the console cannot match you.',
  // next-auth's codes when the provider's answer cannot be used, e.g. the person cancelled there.
  Callback: SSO_NOT_FINISHED,
  OAuthCallback: SSO_NOT_FINISHED,
  AccessDenied: 'You are not allowed to sign in. Ask your administrator if you think this is wrong.',
  CredentialsSignin: 'Wrong email or password.',
  SessionRequired: 'Sign in to continue.',
  [SIGN_IN_UNAVAILABLE]: 'The console cannot sign you in right now. Try again in a moment; if it keeps happening, tell your administrator.',
  TooManyAttempts: 'Too many failed sign-ins for this account or network. Wait a few minutes, then try again.',
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // The console as this browser addressed it (one of its loopback names, on this machine).
  const origin = addressedConsoleOrigin(requestOriginOf(await headers()));
  const callbackUrl = safeCallback(params.callbackUrl, origin);
  if (await getViewer()) redirect(callbackUrl);
  const errorCode = Array.isArray(params.error) ? params.error[0] : params.error;
  const oidc = oidcSettingsFromEnv();
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-xl font-semibold">Sign in to Memory Console</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Review what the assistant remembers.</p>
        <SignInForm
          callbackUrl={callbackUrl}
          initialError={errorCode ? (ERRORS[errorCode] ?? 'Sign-in failed. Try again.') : null}
          oidc={oidc ? { name: oidc.name } : null}
          address={{ expected: origin, accepted: sameConsoleOrigins(origin) }}
        />
      </div>
    </main>
  );
}
