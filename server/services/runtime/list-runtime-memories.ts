// POST /api/runtime/memories/list: every record at the scopes given (or at the scopes of the
// person given), after the scopes are checked: those the token's organisation does not hold are
// skipped and named (check-runtime-scopes.ts).
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import type { RuntimeScopes } from './check-runtime-scopes';
import { offeredWhere } from '../memories/visible-rows';
import { runtimeReadScopes, type RuntimeReadScopesInput } from './runtime-read-scopes';
import { RUNTIME_RECORD_FIELDS, type RuntimeRecordRow } from '../../runtime/record-fields';

export type ListRuntimeMemoriesInput = RuntimeReadScopesInput;

export async function listRuntimeMemories({
  ctx,
  input,
}: ServiceCall<ListRuntimeMemoriesInput, PrismaClient>): Promise<RuntimeScopes & { records: RuntimeRecordRow[] }> {
  const read = await runtimeReadScopes({ ctx, input });
  const records =
    read.scopes.length === 0
      ? []
      : await ctx.db.agentMemory.findMany({
          where: offeredWhere(ctx.now(), { scope: { in: read.scopes } }),
          select: RUNTIME_RECORD_FIELDS,
          orderBy: [{ key: 'asc' }, { scope: 'asc' }],
        });
  return { ...read, records };
}
