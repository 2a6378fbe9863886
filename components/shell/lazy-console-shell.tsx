'use client';
// The console's frame for the signed-in 404 (app/not-found.tsx), its code loaded only when that page
// shows. Next puts the root not-found page's client code into every page's first load (a client-side
// navigation may end on it), so importing the frame there directly brought the header's code to
// every page, the sign-in page included (docs/benchmarks.md "First-load JavaScript"). It is still
// rendered on the server: the header is in the HTML before its code arrives. React's lazy rather
// than next/dynamic, whose own code (about 2 kB compressed) would then be on every page too.
import { lazy, Suspense, type ComponentProps } from 'react';

const ConsoleShell = lazy(() => import('./console-shell').then((module) => ({ default: module.ConsoleShell })));

export function LazyConsoleShell(props: ComponentProps<typeof ConsoleShell>) {
  return (
    <Suspense>
      <ConsoleShell {...props} />
    </Suspense>
  );
}
