// Page-level check: a signed-in person without the right role sees a 403 explanation, not the page.
import type { ReactNode } from 'react';
import { requireViewer } from '@/server/auth/session';
import { canOpen, sectionById, type Section, type SectionInfo } from '@/server/auth/sections';

const AUDIENCE: Record<SectionInfo['requires'], string> = {
  'signed-in': 'everyone signed in',
  admin: 'tenant administrators',
  operator: 'operators',
  'admin-or-operator': 'operators and tenant administrators',
};

export async function SectionGuard({ section, children }: { section: Section; children: ReactNode }) {
  const info = sectionById(section);
  const viewer = await requireViewer(info.href);
  if (!canOpen(info, viewer)) {
    return (
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950">
        <h1 className="text-lg font-semibold">You do not have access to {info.label}</h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          This section is for {AUDIENCE[info.requires]}. Ask an administrator of your organisation if you need it.
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
