import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { ThemeScript } from '@/components/shell/theme-script';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Memory Console', template: '%s · Memory Console' },
  description: 'Review, correct and publish what the assistant remembers.',
  icons: { icon: '/favicon.svg' },
};

// No client provider here: whatever the root layout holds, every page loads. tRPC and TanStack
// Query come with the console's layout (app/(console)/layout.tsx) and the one-time link's page.
export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request's headers also makes every page render per request, which a nonce needs.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
      </body>
    </html>
  );
}
