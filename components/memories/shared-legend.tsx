// Said once above the list instead of under every shared row: what a shared memory is and who can
// change it. The badge on each row says whose it is (you, your depot, your organisation, everyone).
export function SharedLegend() {
  return (
    <p
      role="note"
      aria-label="About shared memories"
      className="rounded-md border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300"
    >
      <span className="font-medium">Shared memories</span> — the ones marked for your depot, your organisation or everyone — are held for
      everyone there. Only an administrator can change or remove them; you can add your own memory on the same topic, and yours applies to
      you.
    </p>
  );
}
