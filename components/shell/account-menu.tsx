'use client';
// The person's own corner of the header: who is signed in and for which organisation, the theme,
// Account and Sign out. On wide screens it is a disclosure behind one button with the person's
// initials and name (the header stays one line); below the large breakpoint the same panel sits
// open inside the header's "Menu". Escape or a click elsewhere closes it, focus back on the button.
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

export function AccountMenu({ name, organisation, children }: { name: string; organisation: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu: ${name}, ${organisation}`}
        onClick={() => setOpen((current) => !current)}
        className="hidden items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 lg:inline-flex dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100"
        >
          {initialsOf(name)}
        </span>
        <span aria-hidden="true">{name}</span>
        <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
          ▾
        </span>
      </button>
      <div
        id={panelId}
        className={cn(
          'flex flex-wrap items-center gap-2',
          'lg:absolute lg:top-full lg:right-0 lg:z-30 lg:mt-2 lg:w-72 lg:flex-col lg:items-stretch lg:rounded-lg lg:border lg:border-slate-200 lg:bg-white lg:p-3 lg:shadow-lg lg:dark:border-slate-700 lg:dark:bg-slate-900',
          !open && 'lg:hidden',
        )}
      >
        {children}
      </div>
    </div>
  );
}
