// Locks the (scope, key) record if it exists and reads it, inside the caller's transaction: later
// writers of the key wait here until it commits (docs/features.md "Limits", concurrent saves).
import type { AgentMemory } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { lockMemoryRowSql } from './lock-memory-row-sql';

export interface LockMemoryRowInput {
  scope: string;
  key: string;
}

export async function lockMemoryRow({ ctx, input }: ServiceCall<LockMemoryRowInput>): Promise<AgentMemory | null> {
  await ctx.db.$queryRaw(lockMemoryRowSql(input.scope, input.key));
  return ctx.db.agentMemory.findUnique({ where: { scope_key: { scope: input.scope, key: input.key } } });
}
