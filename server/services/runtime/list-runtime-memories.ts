// POST /api/runtime/memories/list: every record at the given scopes, asked on every turn, so one
// indexed query on (scope, key) after the scope check.
import type { AgentMemory } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { checkRuntimeScopes } from './check-runtime-scopes';

export interface ListRuntimeMemoriesInput {
  tokenTenantRef: string | null;
  scopes: string[];
}

export async function listRuntimeMemories({ ctx, input }: ServiceCall<ListRuntimeMemoriesInput>): Promise<AgentMemory[]> {
  await checkRuntimeScopes({ ctx, input });
  return ctx.db.agentMemory.findMany({
    where: { scope: { in: [...new Set(input.scopes)] } },
    orderBy: [{ key: 'asc' }, { scope: 'asc' }],
  });
}
