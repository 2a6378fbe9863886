// POST /api/runtime/memories/search: filter to the scopes first, rank keys by full-text relevance
// (`websearch_to_tsquery` + `ts_rank` over the stored `search` column), keep the best `limit`
// keys, and return every record of those keys plus every pinned record at the scopes: the runtime
// then applies precedence and selection to them itself (README "The runtime's memory API").
import { Prisma, type AgentMemory } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { checkRuntimeScopes } from './check-runtime-scopes';

export interface SearchRuntimeMemoriesInput {
  tokenTenantRef: string | null;
  scopes: string[];
  query: string;
  limit: number;
}

export async function searchRuntimeMemories({
  ctx,
  input,
}: ServiceCall<SearchRuntimeMemoriesInput>): Promise<{ records: AgentMemory[]; ranking: string[] }> {
  await checkRuntimeScopes({ ctx, input });
  const scopes = [...new Set(input.scopes)];
  const ranked = await ctx.db.$queryRaw<{ key: string }[]>(searchRankingSql({ scopes, query: input.query, limit: input.limit }));
  const ranking = ranked.map((row) => row.key);
  const records = await ctx.db.agentMemory.findMany({
    where: { scope: { in: scopes }, OR: [{ key: { in: ranking } }, { pinned: true }] },
    orderBy: [{ key: 'asc' }, { scope: 'asc' }],
  });
  return { records, ranking };
}

/** The best `limit` keys at `scopes` for `query`; a key's rank is its best record's, ties by key. */
export function searchRankingSql({ scopes, query, limit }: { scopes: string[]; query: string; limit: number }): Prisma.Sql {
  return Prisma.sql`
    SELECT m."key"
    FROM "agent_memory" m, websearch_to_tsquery('simple', ${query}) q
    WHERE m."scope" = ANY(${scopes}::text[]) AND m."search" @@ q
    GROUP BY m."key"
    ORDER BY max(ts_rank(m."search", q)) DESC, m."key" ASC
    LIMIT ${limit}`;
}
