// The console's header: product name, the sections this person may use, and the account menu
// (who is signed in, for which organisation; theme, Account, Sign out: account-menu.tsx). On a
// narrow screen everything but the name sits behind a "Menu" button (header-menu.tsx). An
// administrator's sections are grouped (grouped-nav.tsx): in the left sidebar on wide screens, in the
// menu on narrow ones.
import Link from 'next/link';
import { cn } from '@/components/ui/cn';
import { canOpen, SECTIONS } from '@/server/auth/sections';
import type { ShellViewer } from './shell-viewer';
import { AccountMenu } from './account-menu';
import { GroupedNav, groupsNavigation } from './grouped-nav';
import { HeaderMenu } from './header-menu';
import { NavLink } from './nav-link';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';

export function AppHeader({ viewer }: { viewer: ShellViewer }) {
  const sections = SECTIONS.filter((section) => canOpen(section, viewer));
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div
        className={cn(
          'mx-auto flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3',
          groupsNavigation(sections) ? 'max-w-7xl' : 'max-w-6xl',
        )}
      >
        <Link href="/memories" className="text-base font-semibold tracking-tight">
          Memory Console
        </Link>
        <HeaderMenu>
          {groupsNavigation(sections) ? (
            <>
              <GroupedNav sections={sections} idPrefix="menu" className="lg:hidden" />
              <div className="hidden lg:block lg:flex-1" />
            </>
          ) : (
            <nav aria-label="Main" className="flex flex-col gap-1 lg:flex-1 lg:flex-row lg:flex-wrap">
              {sections.map((section) => (
                <NavLink key={section.id} href={section.href} label={section.label} />
              ))}
            </nav>
          )}
          <div className="border-t border-slate-200 pt-3 lg:ml-auto lg:border-0 lg:pt-0 dark:border-slate-800">
            <AccountMenu name={viewer.name} organisation={viewer.tenant.name}>
              <div
                className="min-w-0 basis-full text-sm leading-tight lg:border-b lg:border-slate-200 lg:pb-3 lg:dark:border-slate-700"
                data-testid="signed-in-person"
              >
                <div className="font-medium">{viewer.name}</div>
                <div className="break-words text-slate-600 dark:text-slate-400">{viewer.email}</div>
                <div className="break-words text-slate-600 dark:text-slate-400">Organisation: {viewer.tenant.name}</div>
              </div>
              <ThemeToggle />
              <NavLink href="/account" label="Account" />
              <SignOutButton />
            </AccountMenu>
          </div>
        </HeaderMenu>
      </div>
    </header>
  );
}
