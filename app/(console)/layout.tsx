import type { ReactNode } from 'react';
import { AppHeader } from '@/components/shell/app-header';
import { requireViewer } from '@/server/auth/session';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const viewer = await requireViewer('/memories');
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900">
        Skip to content
      </a>
      <AppHeader viewer={viewer} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}
