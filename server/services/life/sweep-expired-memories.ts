// The expiry job (docs/concepts.md "The life of a memory"), every minute: rows whose expiry has
// passed move to `expired` (readers already leave them out from the second it passed: the move is
// for the derived counts — header totals and review counts — and the "Expired" section), and rows
// expired 30 days ago are deleted. Each step is audited as the system's (no person) for what people
// and administrators wrote: `memory.expired`, then `memory.expired-deleted`; a person's own notes
// keep no key or text. The assistant's own conclusions are not audited, as their writes are not.
// Work is taken in batches of at most SWEEP_BATCH rows, each its own transaction, locked with
// SKIP LOCKED so two instances running the job at once never take the same row, and a row a
// person is saving meanwhile is left for the next run.
import type { AgentMemory, Prisma, PrismaClient } from '../../db/generated/client';
import { recordAudit, type AuditAction } from '../audit/record-audit';
import { readRows, type ServiceCall, type ServiceContext, type TransactionContext } from '../context';
import { memorySnapshot } from '../memories/write-memory-in-transaction';
import { runTransaction } from '../run-transaction';
import { dueForSweepSql, ID_ROW } from './sweep-expired-memories-sql';

export const SWEEP_BATCH = 1000;

function audited(txCtx: TransactionContext, rows: AgentMemory[], action: AuditAction, after?: Prisma.InputJsonObject): void {
  for (const row of rows) {
    if (row.author !== 'human') continue;
    const personal = row.scope.startsWith('actor:');
    recordAudit({
      ctx: txCtx,
      input: {
        userId: null,
        actorRef: null,
        action,
        scope: row.scope,
        tenantRef: row.tenantRef,
        memoryId: row.id,
        key: personal ? null : row.key,
        before: personal ? { author: row.author, version: row.version } : { ...memorySnapshot(row), state: row.state },
        ...(after ? { after } : {}),
      },
    });
  }
}

async function batch(ctx: ServiceContext<PrismaClient>, step: 'expire' | 'delete'): Promise<number> {
  const now = ctx.now();
  return runTransaction({
    ctx,
    input: {
      writer: null,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const ids = await readRows(txCtx, dueForSweepSql(step, now, SWEEP_BATCH), ID_ROW);
        if (ids.length === 0) return 0;
        const where = { id: { in: ids.map((row) => row.id) } };
        const rows = await tx.agentMemory.findMany({ where });
        if (step === 'expire') {
          await tx.agentMemory.updateMany({ where, data: { state: 'expired', expiredAt: now } });
          audited(txCtx, rows, 'memory.expired', { state: 'expired' });
        } else {
          await tx.agentMemory.deleteMany({ where });
          audited(txCtx, rows, 'memory.expired-deleted');
        }
        return ids.length;
      },
    },
  });
}

export async function sweepExpiredMemories({
  ctx,
}: Omit<ServiceCall<undefined, PrismaClient>, 'input'>): Promise<{ expired: number; deleted: number }> {
  let expired = 0;
  let deleted = 0;
  for (;;) {
    const moved = await batch(ctx, 'expire');
    expired += moved;
    if (moved < SWEEP_BATCH) break;
  }
  for (;;) {
    const gone = await batch(ctx, 'delete');
    deleted += gone;
    if (gone < SWEEP_BATCH) break;
  }
  return { expired, deleted };
}
