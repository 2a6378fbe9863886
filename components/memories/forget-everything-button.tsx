'use client';
// "Forget everything about me": deletes every memory at the person's own scope after they type a
// confirmation word (any capitalisation). The button and the dialog say how many will go; when it
// is done, the dialog closes and the page reports what remains (memories-view.tsx).
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';

const ForgetEverythingDialog = lazy(() =>
  import('./forget-everything-dialog').then((module) => ({ default: module.ForgetEverythingDialog })),
);

export const CONFIRMATION_WORD = 'FORGET';

/** The typed word confirms whatever its capitalisation, and spaces around it do not matter. */
export function confirmsForget(typed: string): boolean {
  return typed.trim().toUpperCase() === CONFIRMATION_WORD;
}

export function memoriesCount(n: number): string {
  return n === 1 ? '1 memory' : `${n.toLocaleString('en-GB')} memories`;
}

export function ForgetEverythingButton({
  ownCount,
  countId,
  onForgotten,
}: {
  ownCount: number;
  /** The element that says how many memories are the person's own: the button's description. */
  countId: string;
  onForgotten: (deleted: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  return (
    <>
      <Button ref={button} variant="danger-outline" onClick={() => setOpen(true)} aria-describedby={countId}>
        Forget everything about me
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ForgetEverythingDialog
            ownCount={ownCount}
            onClose={() => {
              setOpen(false);
              // The dialog leaves the page: back to the button that opened it.
              focusAfterRender(button);
            }}
            onForgotten={(deleted) => {
              setOpen(false);
              onForgotten(deleted);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
