// The wordings of review groups, clustered: the most-held wordings of each (tenant, key) and their
// pg_trgm similarities, read from the summary in one query, then grouped by the domain's rule.
import { clusterTexts, type TextCluster } from '../../domain';
import { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';

export interface ReviewGroupRef {
  tenantRef: string;
  key: string;
}

export interface LoadReviewClustersInput {
  groups: ReviewGroupRef[];
  /** Wordings per group taken into the clusters, most-held first. */
  perGroup: number;
}

interface PairRow {
  tenantRef: string;
  key: string;
  a: string;
  aPeople: number;
  b: string;
  similarity: number;
}

export const groupId = (group: ReviewGroupRef) => `${group.tenantRef}\u0000${group.key}`;

/** The wordings and their pairwise similarities (the benchmark runs EXPLAIN ANALYZE on it). */
export function reviewClustersSql(input: LoadReviewClustersInput): Prisma.Sql {
  return Prisma.sql`
    WITH wanted AS (
      SELECT * FROM unnest(${input.groups.map((g) => g.tenantRef)}::text[], ${input.groups.map((g) => g.key)}::text[]) AS w("tenantRef", "key")
    ), ranked AS (
      SELECT s."tenantRef", s."key", s."text", s."people",
             row_number() OVER (PARTITION BY s."tenantRef", s."key" ORDER BY s."people" DESC, s."text") AS "rank"
        FROM "review_summary" s JOIN wanted w ON w."tenantRef" = s."tenantRef" AND w."key" = s."key"
    ), top AS (SELECT * FROM ranked WHERE "rank" <= ${input.perGroup})
    SELECT a."tenantRef", a."key", a."text" AS "a", a."people" AS "aPeople", b."text" AS "b",
           similarity(a."text", b."text")::float8 AS "similarity"
      FROM top a JOIN top b ON b."tenantRef" = a."tenantRef" AND b."key" = a."key" AND b."text" >= a."text"`;
}

export async function loadReviewClusters({ ctx, input }: ServiceCall<LoadReviewClustersInput>): Promise<Map<string, TextCluster[]>> {
  if (input.groups.length === 0) return new Map();
  const rows = await ctx.db.$queryRaw<PairRow[]>(reviewClustersSql(input));
  const byGroup = new Map<string, { texts: Map<string, number>; similarity: Map<string, number> }>();
  for (const row of rows) {
    const id = groupId(row);
    const entry = byGroup.get(id) ?? { texts: new Map(), similarity: new Map() };
    byGroup.set(id, entry);
    if (row.a === row.b) entry.texts.set(row.a, row.aPeople);
    entry.similarity.set(`${row.a}\u0000${row.b}`, row.similarity);
    entry.similarity.set(`${row.b}\u0000${row.a}`, row.similarity);
  }
  return new Map(
    [...byGroup].map(([id, entry]) => [
      id,
      clusterTexts(
        [...entry.texts].map(([text, people]) => ({ text, people })),
        (a, b) => entry.similarity.get(`${a}\u0000${b}`) ?? 0,
      ),
    ]),
  );
}
