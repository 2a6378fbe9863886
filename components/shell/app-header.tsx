// The console's header: product name, the sections this person may use, who is signed in.
import Link from 'next/link';
import { canOpen, SECTIONS } from '@/server/auth/sections';
import type { Viewer } from '@/server/auth/viewer';
import { NavLink } from './nav-link';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';

export function AppHeader({ viewer }: { viewer: Viewer }) {
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/memories" className="text-base font-semibold tracking-tight">
          Memory Console
        </Link>
        <nav aria-label="Main" className="flex flex-1 flex-wrap gap-1">
          {SECTIONS.filter((section) => canOpen(section, viewer)).map((section) => (
            <NavLink key={section.id} href={section.href} label={section.label} />
          ))}
        </nav>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ThemeToggle />
          <div className="text-right text-sm leading-tight" data-testid="signed-in-person">
            <div className="font-medium">{viewer.name}</div>
            <div className="text-slate-500 dark:text-slate-400">
              {viewer.email} · {viewer.tenant.name}
            </div>
          </div>
          <NavLink href="/account" label="Account" />
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
