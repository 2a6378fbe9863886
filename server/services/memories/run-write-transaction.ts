// Runs a memory write through runTransaction, which starts over when it lost a race (a deadlock);
// a memory write also starts over after a first write of the key that committed before ours, or a
// record changed or deleted under us. What remains is a CONFLICT with a sentence naming the key.
import { Prisma, type PrismaClient } from '../../db/generated/client';
import type { ServiceCall, TransactionContext } from '../context';
import { runTransaction } from '../run-transaction';
import { LostRace } from './write-memory-in-transaction';
import type { Writer } from './writer';

export interface RunWriteTransactionInput<T> {
  /** The key being written, for the refusal's sentence. */
  key: string;
  /** Who writes: a person's user row is the transaction's first lock (run-transaction.ts). */
  writer: Writer;
  /** The work, run with a context whose `db` is the transaction. */
  write: (ctx: TransactionContext) => Promise<T>;
}

/**
 * P2002: a first write of the key committed before ours; P2025: the record we read was changed or
 * deleted before our update; P2003: the custom scope was deleted meanwhile (the next read answers
 * that it no longer exists). Each time, start over from a fresh read.
 */
function lostWriteRace(error: unknown): boolean {
  return (
    error instanceof LostRace || (error instanceof Prisma.PrismaClientKnownRequestError && ['P2002', 'P2003', 'P2025'].includes(error.code))
  );
}

export async function runWriteTransaction<T>({ ctx, input }: ServiceCall<RunWriteTransactionInput<T>, PrismaClient>): Promise<T> {
  const { key, writer, write } = input;
  return runTransaction({
    ctx,
    input: {
      writer: writer.kind === 'human' ? writer.userId : null,
      work: write,
      lostRace: lostWriteRace,
      conflictMessage: `"${key}" is being changed by several saves at once. Reload and try again.`,
      busyMessage: `Too many saves are waiting right now, so "${key}" was not saved. Try again in a moment.`,
    },
  });
}
