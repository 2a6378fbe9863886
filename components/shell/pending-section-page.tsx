// Sections whose tools are not shipped yet: the guard still applies, and the page says honestly
// what will be here instead of showing an empty screen that looks broken.
import { PageHeader } from './page-header';
import { SectionGuard } from './section-guard';

type PendingSection = 'operations';

const COPY: Record<PendingSection, { title: string; description: string; pending: string }> = {
  operations: {
    title: 'Operations',
    description: 'What the assistant carried into its prompts, per tenant over time, and alerts when pinned policies were dropped.',
    pending: "Charts of the runtime's per-turn diagnostics and the alert list will be shown here.",
  },
};

export function pendingSectionMetadata(section: PendingSection) {
  return { title: COPY[section].title };
}

export function PendingSectionPage({ section }: { section: PendingSection }) {
  const copy = COPY[section];
  return (
    <SectionGuard section={section}>
      <PageHeader title={copy.title} description={copy.description} />
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
        <p className="font-medium">Not available in this version yet</p>
        <p className="mx-auto mt-2 max-w-xl text-sm text-slate-600 dark:text-slate-400">{copy.pending}</p>
      </div>
    </SectionGuard>
  );
}
