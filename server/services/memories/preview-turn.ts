// "What the assistant sees": the block one turn would carry for this person under their tenant's
// budget, how many entries did not fit (and how many of those are the person's own) and the first
// of their keys. The selection runs in the
// database (visible-winners-sql.ts); only what the turn keeps travels back in full.
import { actorScope, describeSelection, renderBlock, type Override, type ResolvedEntry } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { toMemoryRecord } from './load-visible-entries';
import { overridesSql, parseJson, winnersCte, type WinnerRow } from './visible-winners-sql';

/** How many left-out keys the preview names; the rest are counted ("and N more"). */
export const PREVIEW_OMITTED_KEYS = 10;

export interface PreviewTurnInput {
  viewer: Pick<Viewer, 'scopes' | 'tenant' | 'actorRef'>;
}

type Row = WinnerRow & { overrides: unknown; candidates: number; pinnedOmitted: number; ownOmitted: number };

export async function previewTurn({ ctx, input }: ServiceCall<PreviewTurnInput>) {
  const { viewer } = input;
  const { scopes, tenant } = viewer;
  const cte = winnersCte(scopes, tenant.maxMemories);
  const [rows, omittedKeys] = await Promise.all([
    ctx.db.$queryRaw<Row[]>`${cte},
      "counts" AS (SELECT count(*)::int AS "candidates", count(*) FILTER (WHERE w."status" = 'alwaysOnLeftOut')::int AS "pinnedOmitted",
        count(*) FILTER (WHERE w."status" <> 'carried' AND w."scope" = ${actorScope(viewer.actorRef)})::int AS "ownOmitted" FROM "winners" w)
      SELECT w.*, ${overridesSql(scopes, Prisma.sql`w`)} AS "overrides", c."candidates", c."pinnedOmitted", c."ownOmitted"
      FROM "counts" c LEFT JOIN "winners" w ON w."status" = 'carried'`,
    ctx.db.$queryRaw<{ key: string }[]>`${cte}
      SELECT w."key" FROM "winners" w WHERE w."status" <> 'carried'
      ORDER BY w."rank", w."key" COLLATE "C", w."id" COLLATE "C" LIMIT ${PREVIEW_OMITTED_KEYS}`,
  ]);
  const kept: ResolvedEntry[] = rows
    .filter((row) => row.id !== null)
    .map((row) => ({ ...toMemoryRecord(row), overrides: parseJson<Override[]>(row.overrides), alwaysOn: row.alwaysOn }));
  const candidates = rows[0]?.candidates ?? 0;
  const selection = describeSelection(kept, scopes, { candidates, pinnedOmitted: rows[0]?.pinnedOmitted ?? 0, recalled: 0, ranked: false });
  return {
    maxMemories: tenant.maxMemories,
    kept: selection.entries,
    // `own`: left out of the person's own memories; the rest are shared ones (organisation, depot, everyone).
    omitted: { count: candidates - kept.length, own: rows[0]?.ownOmitted ?? 0, firstKeys: omittedKeys.map((row) => row.key) },
    partial: selection.partial,
    digest: selection.digest,
    block: renderBlock(selection),
  };
}
