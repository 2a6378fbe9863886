// The one path by which a memory is created or replaced on its own (a person's statement, the
// seed): write-memory-in-transaction.ts holds the rules, run-write-transaction.ts the retries.
import type { AgentMemory, PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { runWriteTransaction } from './run-write-transaction';
import { writeMemoryInTransaction, type WriteMemoryInput } from './write-memory-in-transaction';

export type { WriteMemoryInput } from './write-memory-in-transaction';

export async function writeMemory({ ctx, input }: ServiceCall<WriteMemoryInput, PrismaClient>): Promise<AgentMemory> {
  return runWriteTransaction({
    ctx,
    input: { key: input.key, writer: input.writer, write: (txCtx) => writeMemoryInTransaction({ ctx: txCtx, input }) },
  });
}
