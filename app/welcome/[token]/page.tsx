// The page a one-time link opens (an invite or a password reset): set a password, or a plain
// explanation when the link no longer works. Reached signed out, so it lives outside the console.
import type { Metadata } from 'next';
import Link from 'next/link';
import { WelcomeForm } from '@/components/people/welcome-form';
import { TRPCReactProvider } from '@/components/trpc/client';
import { getQueryClient, trpc } from '@/server/api/rsc';

export const metadata: Metadata = { title: 'Set your password', referrer: 'no-referrer' };

const UNUSABLE = {
  used: {
    title: 'This link has already been used',
    text: 'Each link works once, and a newer link replaces an older one. If you already set your password, sign in with it; otherwise ask your administrator for a new link.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Links work for 72 hours. Ask your administrator for a new one.',
  },
  unknown: {
    title: 'This link does not work',
    text: 'Check that you copied all of it, or ask your administrator for a new link.',
  },
} as const;

export default async function WelcomePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link =
    token.length <= 200 ? await getQueryClient().fetchQuery(trpc.people.link.queryOptions({ token })) : ({ state: 'unknown' } as const);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {link.state === 'valid' ? (
          <>
            <h1 className="text-xl font-semibold text-balance">
              {link.kind === 'invite' ? `Welcome, ${link.name}` : 'Choose a new password'}
            </h1>
            {/* Words wrap between words; only the address may break inside, where it must to fit. */}
            <p className="mt-1 text-sm text-pretty text-slate-600 dark:text-slate-400">
              Set a password for <span className="break-all">{link.email}</span>. You then sign in with this email and the new password.
            </p>
            {/* Outside the console, whose layout brings tRPC to its pages. */}
            <TRPCReactProvider>
              <WelcomeForm token={token} email={link.email} />
            </TRPCReactProvider>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">{UNUSABLE[link.state].title}</h1>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{UNUSABLE[link.state].text}</p>
            <p className="mt-4">
              <Link href="/signin" className="text-sm font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
                Go to the sign-in page
              </Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
