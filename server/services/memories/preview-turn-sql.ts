// The statement behind "What the assistant sees" (preview-turn.ts): the turn's carried rows with
// the counts and the first left-out keys, and the schema of its rows.
import { actorScope } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import type { PreviewTurnInput } from './preview-turn';
import { fillingSql, sharedKeysShape, totalsCte, walkSql } from './page-walk-sql';
import { offeredSql } from './visible-rows';
import { noWinnerShape, overridesSql, pinnedKeysSql, turnOrderSql, winnerColumnsSql, winnerRowShape } from './visible-winners-sql';

/** How many left-out keys the preview names; the rest are counted ("and N more"). */
export const PREVIEW_OMITTED_KEYS = 10;

/** The counts every row carries. */
const countsShape = {
  candidates: z.number(),
  pinnedOmitted: z.number(),
  ownOmitted: z.number(),
  omittedKeys: z.unknown(),
  ...sharedKeysShape,
};
const carriedRowSchema = z.object({ ...winnerRowShape, overrides: z.unknown(), ...countsShape });
/** A carried entry with the counts, or the counts alone when the turn carries nothing. */
export const previewTurnRowSchema = z.union([carriedRowSchema, z.object({ ...noWinnerShape, ...countsShape })]);
export type PreviewTurnRow = z.output<typeof carriedRowSchema>;

/**
 * One statement: the carried rows in full, with the counts and the first left-out keys on each.
 * It reads what the turn and the preview show, not everything the person sees (docs/benchmarks.md
 * "http"): each pinned key's winner (pinned keys are few, on their own index); the rest of the turn
 * by walking each scope newest first until the budget is full (fillingSql); the first left-out
 * keys by walking each scope in key order (walkSql); and the numbers of keys and of the person's
 * own winners as the list's page counts them (totalsCte). visible-winners.isolated.int.test.ts
 * holds the answer to the domain's selectForTurn on random records; read-plans.int.test.ts holds
 * how many records it reads.
 */
export function previewTurnSql({ scopes, tenant, actorRef }: PreviewTurnInput['viewer'], now: Date): Prisma.Sql {
  const max = tenant.maxMemories;
  const scopeList = [...scopes];
  const ownScope = actorScope(actorRef);
  // Enough of the display order to name PREVIEW_OMITTED_KEYS keys once the carried ones are skipped.
  const walk = { scopes, ownScope, maxMemories: max, limit: PREVIEW_OMITTED_KEYS + max - 1, now };
  const turnOrder = turnOrderSql('w');
  return Prisma.sql`WITH ${totalsCte(walk)}, ${fillingSql(walk)}, ${walkSql(walk)},
    "pinnedWinners" AS MATERIALIZED (
      SELECT v."id", v."key", v."scope", v."updatedAt", array_position(${scopeList}::text[], v."scope") AS "rank", TRUE AS "alwaysOn"
      FROM (${pinnedKeysSql(scopes, now)}) k
      CROSS JOIN LATERAL (
        SELECT v.* FROM "agent_memory" v WHERE v."key" = k."key" AND v."scope" = ANY(${scopeList}::text[]) AND ${offeredSql('v', now)}
        ORDER BY array_position(${scopeList}::text[], v."scope") LIMIT 1
      ) v
    ), "carried" AS (
      (SELECT w.*, 'carried' AS "status" FROM "pinnedWinners" w ORDER BY ${turnOrder} LIMIT ${max})
      UNION ALL
      (SELECT w."id", w."key", w."scope", w."updatedAt", w."rank", FALSE AS "alwaysOn", 'carried' AS "status" FROM "turnFill" w ORDER BY ${turnOrder}
        LIMIT GREATEST(${max} - (SELECT count(*) FROM "pinnedWinners"), 0))
    ), "counts" AS (
      SELECT t."all" AS "candidates", GREATEST((SELECT count(*) FROM "pinnedWinners") - ${max}, 0)::int AS "pinnedOmitted",
        (t."yours" - (SELECT count(*) FROM "carried" k WHERE k."scope" = ${ownScope}))::int AS "ownOmitted", t."sharedKeys", t."countedAt" FROM "totals" t
    ), "omitted" AS (SELECT COALESCE(json_agg(o."key" ORDER BY o."rank", o."key" COLLATE "C", o."id" COLLATE "C"), '[]'::json) AS "omittedKeys"
      FROM (SELECT w."key", w."rank", w."id" FROM "walked" w WHERE w."id" NOT IN (SELECT k."id" FROM "carried" k)
            ORDER BY w."rank", w."key" COLLATE "C", w."id" COLLATE "C" LIMIT ${PREVIEW_OMITTED_KEYS}) o)
    SELECT ${winnerColumnsSql('w', 'm')}, ${overridesSql(scopes, Prisma.sql`w`, now)} AS "overrides", c."candidates", c."pinnedOmitted", c."ownOmitted", om."omittedKeys", c."sharedKeys", c."countedAt"
    FROM "counts" c CROSS JOIN "omitted" om LEFT JOIN "carried" w ON TRUE LEFT JOIN "agent_memory" m ON m."id" = w."id"`;
}
