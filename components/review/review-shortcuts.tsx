'use client';
// The review queue's keyboard shortcuts (as in Linear's triage): the list of keys, the help dialog
// `?` opens, and the page-wide listener. A shortcut never fires while someone types in a field, while
// a dialog is open, or with Ctrl, Alt or ⌘ held (those belong to the browser).
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export type TriageAction = 'next' | 'previous' | 'open' | 'publish' | 'dismiss' | 'snooze' | 'select' | 'help';

export const TRIAGE_SHORTCUTS: readonly { key: string; label: string; action: TriageAction }[] = [
  { key: 'j', label: 'Next key', action: 'next' },
  { key: 'k', label: 'Previous key', action: 'previous' },
  { key: 'Enter', label: 'Open the key’s details', action: 'open' },
  { key: 'p', label: 'Publish…', action: 'publish' },
  { key: 'd', label: 'Not worth publishing… (or put back, under Dismissed)', action: 'dismiss' },
  { key: 's', label: 'Snooze… until later (or unsnooze, under Snoozed)', action: 'snooze' },
  { key: 'x', label: 'Select or unselect for publishing several', action: 'select' },
  { key: '?', label: 'Show these shortcuts', action: 'help' },
];

const ACTION_OF = new Map(TRIAGE_SHORTCUTS.map((shortcut) => [shortcut.key, shortcut.action]));

/** Whether a key press belongs to what has focus (typing, a dialog) rather than to the queue. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog') !== null;
}

/**
 * Calls `onAction` for a shortcut pressed anywhere on the page. Enter counts only on a row itself
 * (`isRow`), so Enter on a button or link keeps doing what it does.
 */
export function useTriageKeys(
  onAction: (action: TriageAction, event: KeyboardEvent) => void,
  isRow: (target: EventTarget | null) => boolean,
) {
  const latest = useRef({ onAction, isRow });
  useEffect(() => {
    latest.current = { onAction, isRow };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      const action = ACTION_OF.get(event.key);
      if (!action) return;
      if (action === 'open' && !latest.current.isRow(event.target)) return;
      event.preventDefault();
      latest.current.onAction(action, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="For the review queue, when no field has focus.">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {TRIAGE_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                {shortcut.key}
              </kbd>
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
