// "What the assistant sees": the block one turn would carry for this person under their tenant's
// budget, how many entries did not fit (and how many of those are the person's own) and the first
// of their keys. The selection runs in the
// database (visible-winners-sql.ts); only what the turn keeps travels back in full.
import { actorScope, describeSelection, renderBlock, type Override, type ResolvedEntry } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { readPrepared, type ServiceCall } from '../context';
import { keepSharedKeys } from './keep-shared-keys';
import { toMemoryRecord } from './memory-record';
import { loadScopeLabels } from './load-scope-labels';
import { previewTurnRowSchema, previewTurnSql, type PreviewTurnRow } from './preview-turn-sql';
import { parseJson } from './visible-winners-sql';

export interface PreviewTurnInput {
  viewer: Pick<Viewer, 'scopes' | 'tenant' | 'actorRef'>;
}

export async function previewTurn({ ctx, input }: ServiceCall<PreviewTurnInput>) {
  const { viewer } = input;
  const { scopes, tenant } = viewer;
  const [rows, labels] = await Promise.all([
    readPrepared(ctx, previewTurnSql(viewer, ctx.now()), previewTurnRowSchema, 'preview_turn'),
    loadScopeLabels({ ctx, input: { scopes } }),
  ]);
  await keepSharedKeys({ ctx, input: { scopes, ownScope: actorScope(viewer.actorRef), counted: rows[0] } });
  const omittedKeys = parseJson<string[]>(rows[0]?.omittedKeys ?? []);
  const kept: ResolvedEntry[] = rows
    .filter((row): row is PreviewTurnRow => row.id !== null)
    .map((row) => ({ ...toMemoryRecord(row), overrides: parseJson<Override[]>(row.overrides), alwaysOn: row.alwaysOn }));
  const candidates = rows[0]?.candidates ?? 0;
  const selection = describeSelection(kept, scopes, { candidates, pinnedOmitted: rows[0]?.pinnedOmitted ?? 0, recalled: 0, ranked: false });
  // Each thing travels once: the carried entries as the block's lines (their count is
  // `digest.offered`), the left-out count as `digest.omitted`, whether the turn is partial as
  // `block.partial`.
  return {
    maxMemories: tenant.maxMemories,
    // How many are left out is `digest.omitted`. `own`: how many of those are the person's own
    // memories (the rest are shared ones: organisation, depot, everyone); `firstKeys`: the first of their keys.
    omitted: { own: rows[0]?.ownOmitted ?? 0, firstKeys: omittedKeys },
    digest: selection.digest,
    block: renderBlock(selection),
    /** The labels of the custom scopes among the carried entries ("depot:hh" → "Hamburg depot"). */
    scopeLabels: Object.fromEntries(labels),
  };
}
