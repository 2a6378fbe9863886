'use client';
// Below the large breakpoint the header keeps one line: the product name and a "Menu" button that
// shows the sections, the theme and the person's controls underneath. Escape closes the menu and
// returns focus to its button; following a link closes it too.
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export function HeaderMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    // Navigating from the menu lands on a new page: the menu has done its job.
    setShownPath(pathname);
    setOpen(false);
  }
  const wasOpen = useRef(false);
  const returnFocus = useRef(false);
  useEffect(() => {
    // After the panel is committed: opening moves focus to its first control; closing with Escape
    // or the button puts it back on the button.
    if (open && !wasOpen.current) panel.current?.querySelector<HTMLElement>('a, button, select')?.focus();
    if (!open && wasOpen.current && returnFocus.current) button.current?.focus();
    returnFocus.current = false;
    wasOpen.current = open;
  }, [open]);

  function close() {
    returnFocus.current = true;
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={onKeyDown}
        className="ml-auto inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:hidden dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        Menu
      </button>
      <div
        ref={panel}
        id={panelId}
        onKeyDown={onKeyDown}
        className={cn(
          'basis-full flex-col gap-3 border-t border-slate-200 pt-3 dark:border-slate-800',
          open ? 'flex' : 'hidden',
          'lg:flex lg:flex-1 lg:basis-auto lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-6 lg:gap-y-2 lg:border-0 lg:pt-0',
        )}
      >
        {children}
      </div>
    </>
  );
}
