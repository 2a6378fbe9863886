import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/shell/console-shell';
import { TRPCReactProvider } from '@/components/trpc/client';
import { requireViewer } from '@/server/auth/session';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const viewer = await requireViewer('/memories');
  // tRPC and TanStack Query for the signed-in pages only: the pages outside the console (sign-in,
  // a one-time link, the runtime API's reference) load neither (docs/benchmarks.md "First-load JavaScript").
  return (
    <TRPCReactProvider>
      <ConsoleShell viewer={viewer}>{children}</ConsoleShell>
    </TRPCReactProvider>
  );
}
