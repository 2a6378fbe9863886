// "What the assistant sees": the block one turn would carry for this person under their tenant's
// budget, and which entries did not fit.
import { renderBlock, selectForTurn, type ResolvedEntry } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { loadVisibleEntries } from './load-visible-entries';

export interface PreviewTurnInput {
  viewer: Pick<Viewer, 'scopes' | 'tenant'>;
}

export async function previewTurn({ ctx, input }: ServiceCall<PreviewTurnInput>) {
  const { viewer } = input;
  const { entries } = await loadVisibleEntries({ ctx, input: { scopes: viewer.scopes } });
  const selection = selectForTurn(entries, viewer.scopes, { maxMemories: viewer.tenant.maxMemories });
  const kept = new Set(selection.entries.map((entry) => entry.id));
  const omitted: ResolvedEntry[] = entries.filter((entry) => !kept.has(entry.id));
  return {
    maxMemories: viewer.tenant.maxMemories,
    kept: selection.entries,
    omitted,
    partial: selection.partial,
    digest: selection.digest,
    block: renderBlock(selection),
  };
}
