// POST /api/runtime/memories/search: filter to the scopes first, rank keys by full-text relevance
// (`websearch_to_tsquery` + `ts_rank` over the stored `search` column), keep the best `limit`
// keys, and return every record of those keys plus every pinned record at the scopes: the runtime
// then applies precedence and selection to them itself (docs/runtime-api.md "The runtime's memory
// API"). One statement does all of it, beside the scope check; nothing is returned unless the check
// passes.
import { Prisma } from '../../db/generated/client';
import type { RuntimeRecordRow } from '../../runtime/record-fields';
import type { ServiceCall } from '../context';
import { checkRuntimeScopes } from './check-runtime-scopes';

export interface SearchRuntimeMemoriesInput {
  tokenTenantRef: string | null;
  scopes: string[];
  query: string;
  limit: number;
}

type SearchRow = RuntimeRecordRow & { position: bigint | number | null };

export async function searchRuntimeMemories({
  ctx,
  input,
}: ServiceCall<SearchRuntimeMemoriesInput>): Promise<{ records: RuntimeRecordRow[]; ranking: string[] }> {
  const scopes = [...new Set(input.scopes)];
  const [, rows] = await Promise.all([
    checkRuntimeScopes({ ctx, input }),
    ctx.db.$queryRaw<SearchRow[]>(searchRecordsSql({ scopes, query: withFewNegations(input.query), limit: input.limit })),
  ]);
  const positions = new Map<string, number>();
  for (const row of rows) if (row.position !== null) positions.set(row.key, Number(row.position));
  const ranking = [...positions.keys()].sort((a, b) => positions.get(a)! - positions.get(b)!);
  const records = rows.map(({ position: _position, ...record }) => ({ ...record, updatedAt: new Date(record.updatedAt) }));
  return { records, ranking };
}

/**
 * The query with every run of minus signs (and what the parser skips between them) cut to one or
 * two, which means the same: `--tea` is `tea`. PostgreSQL's web-search parser stacks a NOT per
 * minus sign, at most 32 deep, and fails the whole statement beyond that ("tsquery stack too
 * small"); nothing else in its syntax nests, so after this no query text can make the search fail.
 */
export function withFewNegations(query: string): string {
  return query.replace(/-(?:[^\p{L}\p{N}"-]*-)+/gu, (run) => (run.split('-').length % 2 === 0 ? '-' : '--'));
}

/**
 * The best `limit` keys at `scopes` for `query` (a key ranks as its best record; ties by key), and
 * every record at `scopes` of those keys or pinned, each with its key's position (null: pinned only).
 */
export function searchRecordsSql({ scopes, query, limit }: { scopes: string[]; query: string; limit: number }): Prisma.Sql {
  return Prisma.sql`
    WITH ranked AS (
      SELECT m."key", row_number() OVER (ORDER BY max(ts_rank(m."search", q)) DESC, m."key" ASC) AS "position"
      FROM "agent_memory" m, websearch_to_tsquery('simple', ${query}) q
      WHERE m."scope" = ANY(${scopes}::text[]) AND m."search" @@ q
      GROUP BY m."key"
      ORDER BY 2
      LIMIT ${limit}
    )
    SELECT m."id", m."key", m."text", m."scope", m."pinned", m."author"::text AS "author", m."version",
           m."threadId", m."runId", m."updatedAt", r."position"
    FROM "agent_memory" m LEFT JOIN ranked r ON r."key" = m."key"
    WHERE m."scope" = ANY(${scopes}::text[]) AND (r."key" IS NOT NULL OR m."pinned")
    ORDER BY m."key", m."scope"`;
}
