// "What the assistant sees": the block one turn would carry for this person under their tenant's
// budget, how many entries did not fit (and how many of those are the person's own) and the first
// of their keys. The selection runs in the
// database (visible-winners-sql.ts); only what the turn keeps travels back in full.
import { actorScope, describeSelection, renderBlock, type Override, type ResolvedEntry } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';
import { toMemoryRecord } from './memory-record';
import { loadScopeLabels } from './load-scope-labels';
import { noWinnerShape, overridesSql, parseJson, winnerColumnsSql, winnerRowShape, winnersCte } from './visible-winners-sql';

/** How many left-out keys the preview names; the rest are counted ("and N more"). */
export const PREVIEW_OMITTED_KEYS = 10;

export interface PreviewTurnInput {
  viewer: Pick<Viewer, 'scopes' | 'tenant' | 'actorRef'>;
}

const countsShape = { candidates: z.number(), pinnedOmitted: z.number(), ownOmitted: z.number(), omittedKeys: z.unknown() };
const carriedRowSchema = z.object({ ...winnerRowShape, overrides: z.unknown(), ...countsShape });
/** A carried entry with the counts, or the counts alone when the turn carries nothing. */
const rowSchema = z.union([carriedRowSchema, z.object({ ...noWinnerShape, ...countsShape })]);
type Row = z.output<typeof carriedRowSchema>;

/** One statement: the carried rows in full, with the counts and the first left-out keys on each. */
export function previewTurnSql({ scopes, tenant, actorRef }: PreviewTurnInput['viewer'], now: Date): Prisma.Sql {
  return Prisma.sql`${winnersCte(scopes, tenant.maxMemories, now)},
      "counts" AS (SELECT count(*)::int AS "candidates", count(*) FILTER (WHERE w."status" = 'alwaysOnLeftOut')::int AS "pinnedOmitted",
        count(*) FILTER (WHERE w."status" <> 'carried' AND w."scope" = ${actorScope(actorRef)})::int AS "ownOmitted" FROM "winners" w),
      "omitted" AS (SELECT COALESCE(json_agg(o."key" ORDER BY o."rank", o."key" COLLATE "C", o."id" COLLATE "C"), '[]'::json) AS "omittedKeys"
        FROM (SELECT w."key", w."rank", w."id" FROM "winners" w WHERE w."status" <> 'carried'
              ORDER BY w."rank", w."key" COLLATE "C", w."id" COLLATE "C" LIMIT ${PREVIEW_OMITTED_KEYS}) o)
      SELECT ${winnerColumnsSql('w', 'm')}, ${overridesSql(scopes, Prisma.sql`w`, now)} AS "overrides", c."candidates", c."pinnedOmitted", c."ownOmitted", om."omittedKeys"
      FROM "counts" c CROSS JOIN "omitted" om LEFT JOIN "winners" w ON w."status" = 'carried' LEFT JOIN "agent_memory" m ON m."id" = w."id"`;
}

export async function previewTurn({ ctx, input }: ServiceCall<PreviewTurnInput>) {
  const { viewer } = input;
  const { scopes, tenant } = viewer;
  const [rows, labels] = await Promise.all([
    readRows(ctx, previewTurnSql(viewer, ctx.now()), rowSchema),
    loadScopeLabels({ ctx, input: { scopes } }),
  ]);
  const omittedKeys = parseJson<string[]>(rows[0]?.omittedKeys ?? []);
  const kept: ResolvedEntry[] = rows
    .filter((row): row is Row => row.id !== null)
    .map((row) => ({ ...toMemoryRecord(row), overrides: parseJson<Override[]>(row.overrides), alwaysOn: row.alwaysOn }));
  const candidates = rows[0]?.candidates ?? 0;
  const selection = describeSelection(kept, scopes, { candidates, pinnedOmitted: rows[0]?.pinnedOmitted ?? 0, recalled: 0, ranked: false });
  return {
    maxMemories: tenant.maxMemories,
    kept: selection.entries,
    // `own`: left out of the person's own memories; the rest are shared ones (organisation, depot, everyone).
    omitted: { count: candidates - kept.length, own: rows[0]?.ownOmitted ?? 0, firstKeys: omittedKeys },
    partial: selection.partial,
    digest: selection.digest,
    block: renderBlock(selection),
    /** The labels of the custom scopes among the carried entries ("depot:hh" → "Hamburg depot"). */
    scopeLabels: Object.fromEntries(labels),
  };
}
