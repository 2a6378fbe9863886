import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/shell/console-shell';
import { requireViewer } from '@/server/auth/session';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const viewer = await requireViewer('/memories');
  return <ConsoleShell viewer={viewer}>{children}</ConsoleShell>;
}
