// The frame of every signed-in page: a skip link, the header and the main column. The console's
// layout and the signed-in 404 both use it, so a wrong address keeps the way back.
import type { ReactNode } from 'react';
import { canOpen, SECTIONS } from '@/server/auth/sections';
import { AppHeader } from './app-header';
import { GroupedNav, groupsNavigation } from './grouped-nav';
import type { ShellViewer } from './shell-viewer';

export function ConsoleShell({ viewer, children }: { viewer: ShellViewer; children: ReactNode }) {
  const sections = SECTIONS.filter((section) => canOpen(section, viewer));
  const sidebar = groupsNavigation(sections);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <AppHeader viewer={viewer} />
      {sidebar ? (
        <div className="mx-auto flex w-full max-w-7xl flex-1">
          <aside className="hidden w-56 shrink-0 border-r border-slate-200 px-2 py-8 lg:block dark:border-slate-800">
            <GroupedNav sections={sections} idPrefix="sidebar" className="sticky top-8" />
          </aside>
          <main id="main" className="w-full min-w-0 flex-1 px-4 py-8">
            {children}
          </main>
        </div>
      ) : (
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
          {children}
        </main>
      )}
    </div>
  );
}
