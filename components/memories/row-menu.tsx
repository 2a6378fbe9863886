'use client';
// A row's "Actions" menu: a button that opens a short list of actions beside it. It is the
// browser's own popover (closes on Escape, on a click elsewhere, and gives focus back to the button),
// placed under the button when it opens and closed when the page scrolls, so it never drifts. The
// actions are plain buttons and links, reached with Tab (a disclosure, not an ARIA menu).
import Link from 'next/link';
import { forwardRef, useId, useRef, type ToggleEvent } from 'react';
import { cn } from '@/components/ui/cn';

export type RowMenuItem = { label: string; danger?: boolean } & ({ onSelect: () => void } | { href: string });

const ITEM =
  'block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800';

export const RowMenu = forwardRef<HTMLButtonElement, { items: RowMenuItem[]; describedBy: string }>(function RowMenu(
  { items, describedBy },
  buttonRef,
) {
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const close = () => menu.current?.hidePopover();
  const onToggle = (event: ToggleEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (event.newState !== 'open') return window.removeEventListener('scroll', close, true);
    const invoker = document.querySelector<HTMLElement>(`[popovertarget="${CSS.escape(id)}"]`);
    const box = invoker?.getBoundingClientRect();
    if (box) {
      element.style.top = `${Math.min(box.bottom + 4, window.innerHeight - element.offsetHeight - 8)}px`;
      element.style.left = `${Math.max(8, box.right - element.offsetWidth)}px`;
    }
    element.querySelector<HTMLElement>('a,button')?.focus();
    window.addEventListener('scroll', close, { capture: true, once: true });
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={id}
        aria-label="Actions"
        aria-describedby={describedBy}
        className="-my-1 shrink-0 rounded-md px-2 py-1 text-lg leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        onToggle={onToggle}
        className="fixed inset-auto m-0 min-w-40 rounded-md border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {items.map((item) =>
          'href' in item ? (
            <Link key={item.label} href={item.href} className={ITEM}>
              {item.label}
            </Link>
          ) : (
            <button
              key={item.label}
              type="button"
              className={cn(ITEM, item.danger && 'text-red-700 dark:text-red-400')}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ),
        )}
      </div>
    </>
  );
});
