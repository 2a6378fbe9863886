// The statement behind "What the assistant sees" (preview-turn.ts): the turn's carried rows with
// the counts and the first left-out keys, and the schema of its rows.
import { actorScope } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import type { PreviewTurnInput } from './preview-turn';
import { keyWinnersCte, noWinnerShape, overridesSql, turnOrderSql, winnerColumnsSql, winnerRowShape } from './visible-winners-sql';

/** How many left-out keys the preview names; the rest are counted ("and N more"). */
export const PREVIEW_OMITTED_KEYS = 10;

/** The counts every row carries. */
const countsShape = { candidates: z.number(), pinnedOmitted: z.number(), ownOmitted: z.number(), omittedKeys: z.unknown() };
const carriedRowSchema = z.object({ ...winnerRowShape, overrides: z.unknown(), ...countsShape });
/** A carried entry with the counts, or the counts alone when the turn carries nothing. */
export const previewTurnRowSchema = z.union([carriedRowSchema, z.object({ ...noWinnerShape, ...countsShape })]);
export type PreviewTurnRow = z.output<typeof carriedRowSchema>;

/**
 * One statement: the carried rows in full, with the counts and the first left-out keys on each.
 * Precedence picks one winner per key (keyWinnersCte); the turn then takes its always-on
 * entries and the rest in turn order (byNarrowestThenNewest) as two top-N selections of the
 * budget's size, and the left-out keys as one of PREVIEW_OMITTED_KEYS, so no winner is ranked
 * against all the others (docs/benchmarks.md "http"). visible-rows.int.test.ts holds the answer to
 * the domain's selectForTurn; read-plans.int.test.ts holds the plan to its top-N sorts.
 */
export function previewTurnSql({ scopes, tenant, actorRef }: PreviewTurnInput['viewer'], now: Date): Prisma.Sql {
  const max = tenant.maxMemories;
  const turnOrder = turnOrderSql('w');
  return Prisma.sql`WITH ${keyWinnersCte(scopes, now)}, "winners" AS MATERIALIZED (
      SELECT r."id", r."key", r."scope", r."updatedAt", r."rank", r."alwaysOn" FROM "keyWinners" r
    ), "totals" AS (
      SELECT count(*)::int AS "candidates", count(*) FILTER (WHERE w."alwaysOn")::int AS "pinned",
        count(*) FILTER (WHERE w."scope" = ${actorScope(actorRef)})::int AS "own" FROM "winners" w
    ), "carried" AS (
      (SELECT w.*, 'carried' AS "status" FROM "winners" w WHERE w."alwaysOn" ORDER BY ${turnOrder} LIMIT ${max})
      UNION ALL
      (SELECT w.*, 'carried' AS "status" FROM "winners" w WHERE NOT w."alwaysOn" ORDER BY ${turnOrder}
        LIMIT GREATEST(${max} - (SELECT t."pinned" FROM "totals" t), 0))
    ), "counts" AS (
      SELECT t."candidates", GREATEST(t."pinned" - ${max}, 0)::int AS "pinnedOmitted",
        (t."own" - (SELECT count(*) FROM "carried" k WHERE k."scope" = ${actorScope(actorRef)}))::int AS "ownOmitted" FROM "totals" t
    ), "omitted" AS (SELECT COALESCE(json_agg(o."key" ORDER BY o."rank", o."key" COLLATE "C", o."id" COLLATE "C"), '[]'::json) AS "omittedKeys"
      FROM (SELECT w."key", w."rank", w."id" FROM "winners" w WHERE w."id" NOT IN (SELECT k."id" FROM "carried" k)
            ORDER BY w."rank", w."key" COLLATE "C", w."id" COLLATE "C" LIMIT ${PREVIEW_OMITTED_KEYS}) o)
    SELECT ${winnerColumnsSql('w', 'm')}, ${overridesSql(scopes, Prisma.sql`w`, now)} AS "overrides", c."candidates", c."pinnedOmitted", c."ownOmitted", om."omittedKeys"
    FROM "counts" c CROSS JOIN "omitted" om LEFT JOIN "carried" w ON TRUE LEFT JOIN "agent_memory" m ON m."id" = w."id"`;
}
