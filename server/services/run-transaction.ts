// The one way a service opens a transaction (docs/architecture.md "Locks and retries"). Every
// write takes its locks in the same order, so no two writers ever wait for each other in a circle:
//
//   1. the writer's own user row, FOR SHARE, checked to be enabled: disabling a person locks that
//      row FOR NO KEY UPDATE, so a write of theirs already under way commits before the disable
//      and its audit row, or waits for it and is refused — never after it;
//   2. the rows the work locks and changes, in its own order;
//   3. the audit chains: `recordAudit` only queues rows on the context, and they are appended here,
//      as the transaction's last statements, under each chain's advisory lock.
//
// When the database aborts the transaction to break a deadlock or a serialization conflict, the
// work starts over from a fresh read, a few times; after that the answer is a CONFLICT a person can
// act on, never a database error. A lint test (`transactions.lint.test.ts`) keeps every service on
// this path.
import { Prisma, type PrismaClient } from '../db/generated/client';
import { DomainError } from '../errors/domain-error';
import { appendAuditRows } from './audit/append-audit-rows';
import { readRows, type ServiceCall, type TransactionContext } from './context';
import { DISABLED_ROW, sharePersonSql } from './people/people-locks-sql';
import { lockWriterSql } from './run-transaction-sql';

/** How often a transaction that lost a race starts over. */
const MAX_ATTEMPTS = 4;

/**
 * Parallel writes of one row wait for each other's lock, and the pool for a connection: give them
 * longer than Prisma's defaults (2 s to start, 5 s to finish) before answering "busy".
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

/** PostgreSQL's SQLSTATEs for "aborted, run it again": serialization failure, deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** Why a disabled (or deleted) writer's transaction was refused. */
export const WRITER_INACTIVE = 'WRITER_INACTIVE';

const CONFLICT = 'Someone else changed the same thing at the same moment, so nothing was changed. Try again.';
const BUSY = 'Too many changes are waiting right now, so nothing was changed. Try again in a moment.';

function isPrismaError(error: unknown, ...codes: string[]): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && codes.includes(error.code);
}

/** The SQLSTATE behind a Prisma error of a driver adapter (`meta.driverAdapterError.cause.originalCode`). */
function sqlStateOf(error: Prisma.PrismaClientKnownRequestError): unknown {
  const adapterError = error.meta?.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined;
  return adapterError?.cause?.originalCode;
}

/**
 * Whether the database aborted a transaction to resolve a deadlock or a serialization conflict, so
 * running it again may succeed. The one classifier for every path: Prisma's P2034 (a model
 * statement), P2010 (a raw statement: the advisory lock, a raw FOR UPDATE) and P2039 (any other
 * database error) carrying SQLSTATE 40P01 or 40001, and node-postgres's own error (`ctx.sql`).
 */
export function isRetryableConflict(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2034') return true;
    return (error.code === 'P2010' || error.code === 'P2039') && RETRYABLE_SQLSTATES.has(String(sqlStateOf(error)));
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

export interface RunTransactionInput<T> {
  /**
   * The user id of the person this transaction writes for: their row is the first lock and must
   * still be enabled. Null when no person is writing (the assistant, a job, the sign-in counters).
   */
  writer: string | null;
  /**
   * The work changes the writer's own user row (their password): lock it for that from the start,
   * since two transactions that each hold it FOR SHARE and then update it deadlock.
   */
  writerRowChanges?: boolean;
  /** The work, with a context whose `db` is the transaction. */
  work: (ctx: TransactionContext) => Promise<T>;
  /** The work's own errors that mean it lost a race and should start over from a fresh read. */
  lostRace?: (error: unknown) => boolean;
  /** What a person is told when it keeps losing. */
  conflictMessage?: string;
  /** What a person is told when no connection or no time was left for the transaction. */
  busyMessage?: string;
}

async function lockWriter(ctx: TransactionContext, userId: string, forUpdate: boolean): Promise<void> {
  const rows = forUpdate
    ? await readRows(ctx, lockWriterSql(userId), DISABLED_ROW)
    : await readRows(ctx, sharePersonSql(userId), DISABLED_ROW);
  if (rows[0] === undefined || rows[0].disabled) {
    throw new DomainError('UNAUTHORIZED', 'Your account was disabled, so this change was not made. Sign in again.', {
      reason: WRITER_INACTIVE,
    });
  }
}

export async function runTransaction<T>({ ctx, input }: ServiceCall<RunTransactionInput<T>, PrismaClient>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.$transaction(async (tx) => {
        const txCtx: TransactionContext = { db: tx, now: ctx.now, newId: ctx.newId, pendingAudit: [] };
        if (input.writer !== null) await lockWriter(txCtx, input.writer, input.writerRowChanges === true);
        const result = await input.work(txCtx);
        await appendAuditRows({ ctx: txCtx, input: txCtx.pendingAudit });
        return result;
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      const lost = isRetryableConflict(error) || input.lostRace?.(error) === true;
      if (lost && attempt < MAX_ATTEMPTS) continue;
      if (lost) throw new DomainError('CONFLICT', input.conflictMessage ?? CONFLICT);
      // P2028: no connection or no time left for the transaction (many writes waiting at once).
      if (isPrismaError(error, 'P2028')) throw new DomainError('CONFLICT', input.busyMessage ?? BUSY);
      throw error;
    }
  }
}
