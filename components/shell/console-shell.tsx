// The frame of every signed-in page: a skip link, the header and the main column. The console's
// layout and the signed-in 404 both use it, so a wrong address keeps the way back.
import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import type { ShellViewer } from './shell-viewer';

export function ConsoleShell({ viewer, children }: { viewer: ShellViewer; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <AppHeader viewer={viewer} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}
