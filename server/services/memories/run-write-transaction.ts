// Runs a memory write in a transaction of its own and starts over when it lost a race: a first
// write of the key that committed before ours, a record changed or deleted under us, a deadlock.
// What remains is a CONFLICT with a sentence a person can act on, never a database error.
import { DomainError } from '../../errors/domain-error';
import { Prisma, type PrismaClient } from '../../db/generated/client';
import { inTransaction, type ServiceCall, type ServiceContext } from '../context';
import { LostRace } from './write-memory-in-transaction';

/** How often a write that lost a race (a first write of the key, a delete) starts over. */
const MAX_ATTEMPTS = 4;

/**
 * Parallel saves of one key wait for each other's row lock, and the pool for a connection: give
 * them longer than Prisma's defaults (2 s to start, 5 s to finish) before answering "busy".
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

function isPrismaError(error: unknown, ...codes: string[]): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && codes.includes(error.code);
}

export interface RunWriteTransactionInput<T> {
  /** The key being written, for the refusal's sentence. */
  key: string;
  /** The work, run with a context whose `db` is the transaction. */
  write: (ctx: ServiceContext) => Promise<T>;
}

export async function runWriteTransaction<T>({ ctx, input }: ServiceCall<RunWriteTransactionInput<T>, PrismaClient>): Promise<T> {
  const { key, write } = input;
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.$transaction((tx) => write(inTransaction(ctx, tx)), TRANSACTION_OPTIONS);
    } catch (error) {
      // P2002: a first write of the key committed before ours; P2025: the record we read was
      // changed or deleted before our update; P2034: the database aborted us to resolve a write
      // conflict or deadlock; P2003: the custom scope was deleted meanwhile (the next read answers
      // that it no longer exists). Each time, start over from a fresh read.
      const lostRace = error instanceof LostRace || isPrismaError(error, 'P2002', 'P2003', 'P2025', 'P2034');
      if (lostRace && attempt < MAX_ATTEMPTS) continue;
      if (lostRace) {
        throw new DomainError('CONFLICT', `"${key}" is being changed by several saves at once. Reload and try again.`);
      }
      // P2028: no connection or no time left for the transaction (many saves waiting at once).
      if (isPrismaError(error, 'P2028')) {
        throw new DomainError('CONFLICT', `Too many saves are waiting right now, so "${key}" was not saved. Try again in a moment.`);
      }
      throw error;
    }
  }
}

