// POST /api/runtime/memories/search: the records at the given scopes that answer a turn's words,
// best first (docs/runtime-api.md "Search"). Any word may match; words that carry no meaning are
// dropped and the rest stemmed (English, with a plain fallback so other languages' words match
// too); a key's own words rank above words in its text, a quoted phrase found whole and the last
// word as a prefix add to a record's score. Scopes are filtered first and the words matched over
// those records only, computing their English vectors on the spot: no index over the whole table
// is used, so the plan cannot change to scanning the organisation's matches as the data grows
// (search-plan.int.test.ts). Then every pinned record at the scopes, which the runtime must carry
// whatever the query. One statement, after the scopes are checked (the ones the organisation does not hold are skipped).
import type { PrismaClient } from '../../db/generated/client';
import type { RuntimeRecordRow } from '../../runtime/record-fields';
import { readRows, type ServiceCall } from '../context';
import type { RuntimeScopes } from './check-runtime-scopes';
import { searchRecordsSql, searchRowSchema } from './search-runtime-memories-sql';
import { runtimeReadScopes, type RuntimeReadScopesInput } from './runtime-read-scopes';

export interface SearchRuntimeMemoriesInput extends RuntimeReadScopesInput {
  query: string;
  limit: number;
}

export async function searchRuntimeMemories({
  ctx,
  input,
}: ServiceCall<SearchRuntimeMemoriesInput, PrismaClient>): Promise<RuntimeScopes & { records: RuntimeRecordRow[]; ranking: string[] }> {
  const read = await runtimeReadScopes({ ctx, input });
  if (read.scopes.length === 0) return { ...read, records: [], ranking: [] };
  const rows = await readRows(
    ctx,
    searchRecordsSql({ scopes: read.scopes, query: input.query, limit: input.limit }, ctx.now()),
    searchRowSchema,
  );
  // Rows come best key first, then the pinned records no word matched (by key).
  const ranking: string[] = [];
  for (const row of rows) if (row.position !== null && ranking.at(-1) !== row.key) ranking.push(row.key);
  const records: RuntimeRecordRow[] = rows.map(({ position: _position, ...record }) => record);
  return { ...read, records, ranking };
}
