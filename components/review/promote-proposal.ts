// What the publish dialogs propose for a review-queue group before the administrator edits it: the
// wording most people's conclusions share, and the conclusions worded like it.

/** The part of a review-queue group the dialogs need (a `review.list` row has all of it). */
export interface PromotableGroup {
  key: string;
  tenantRef: string;
  /** Wordings grouped by similarity, most-held first; the first one's representative is the proposal. */
  clusters?: { representative: string; texts: { text: string }[] }[];
}

/** The wording to propose: the most-held one of the group, or of the conclusions themselves. */
export function proposedText(group: PromotableGroup, sources: { text: string }[]): string {
  const top = group.clusters?.[0]?.representative;
  if (top) return top;
  const counts = new Map<string, number>();
  for (const { text } of sources) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

/** The conclusions to publish from by default: those worded like the proposal (its cluster). */
export function defaultSourceIds(group: PromotableGroup, sources: { id: string; text: string }[], proposal: string): string[] {
  const wordings = new Set(group.clusters?.[0]?.texts.map((entry) => entry.text) ?? [proposal]);
  const matching = sources.filter((source) => wordings.has(source.text));
  return (matching.length > 0 ? matching : sources).map((source) => source.id);
}

/** The settings of a fact that publishing sets besides where: what a place holds, or what is proposed. */
export interface FactSettings {
  text: string;
  pinned: boolean;
}

/**
 * The settings the dialog starts from when a place is chosen: those of the fact it holds now, so
 * replacing it changes only what the administrator changes (nothing held: used when relevant).
 */
export function seededSettings(current: Pick<FactSettings, 'pinned'> | null): Pick<FactSettings, 'pinned'> {
  return { pinned: current?.pinned ?? false };
}

/** Every property that replacing `current` with `proposed` changes (text ignoring outer spaces). */
export function changedProperties(current: FactSettings, proposed: FactSettings): (keyof FactSettings)[] {
  const changed: (keyof FactSettings)[] = [];
  if (current.text.trim() !== proposed.text.trim()) changed.push('text');
  if (current.pinned !== proposed.pinned) changed.push('pinned');
  return changed;
}
