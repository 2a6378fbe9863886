// POST /api/runtime/memories/list: every record at the given scopes. Asked on every turn, so the
// scope check and the one indexed query on (scope, key) run side by side; nothing is returned
// unless the check passes.
import type { ServiceCall } from '../context';
import { checkRuntimeScopes } from './check-runtime-scopes';
import { RUNTIME_RECORD_FIELDS, type RuntimeRecordRow } from '../../runtime/record-fields';

export interface ListRuntimeMemoriesInput {
  tokenTenantRef: string | null;
  scopes: string[];
}

export async function listRuntimeMemories({ ctx, input }: ServiceCall<ListRuntimeMemoriesInput>): Promise<RuntimeRecordRow[]> {
  const [, records] = await Promise.all([
    checkRuntimeScopes({ ctx, input }),
    ctx.db.agentMemory.findMany({
      where: { scope: { in: [...new Set(input.scopes)] } },
      select: RUNTIME_RECORD_FIELDS,
      orderBy: [{ key: 'asc' }, { scope: 'asc' }],
    }),
  ]);
  return records;
}
