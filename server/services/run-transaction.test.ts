// The one classifier of "the database aborted this transaction, run it again" (run-transaction.ts):
// how a deadlock or a serialization failure reaches the console through each path.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../db/generated/client';
import { isRetryableConflict } from './run-transaction';

/** A Prisma error as a driver adapter reports a database error: the SQLSTATE under meta.driverAdapterError.cause. */
function prismaError(code: string, sqlState?: string) {
  const meta =
    sqlState === undefined
      ? undefined
      : { driverAdapterError: { cause: { originalCode: sqlState, originalMessage: 'deadlock detected' } } };
  return new Prisma.PrismaClientKnownRequestError('failed', { code, clientVersion: 'test', meta });
}

function pgError(code: string) {
  const error = new pg.DatabaseError('deadlock detected', 0, 'error');
  error.code = code;
  return error;
}

describe('isRetryableConflict', () => {
  it.each([
    ['a model statement’s write conflict or deadlock (P2034)', prismaError('P2034'), true],
    ['a raw statement’s deadlock (P2010, 40P01): the advisory lock, a raw FOR UPDATE', prismaError('P2010', '40P01'), true],
    ['a raw statement’s serialization failure (P2010, 40001)', prismaError('P2010', '40001'), true],
    ['another database error’s deadlock (P2039, 40P01)', prismaError('P2039', '40P01'), true],
    ['a raw statement’s other failure (P2010, a syntax error)', prismaError('P2010', '42601'), false],
    ['a unique violation (P2002)', prismaError('P2002'), false],
    ['a record not found (P2025)', prismaError('P2025'), false],
    ['node-postgres’s deadlock (ctx.sql)', pgError('40P01'), true],
    ['node-postgres’s serialization failure', pgError('40001'), true],
    ['node-postgres’s unique violation', pgError('23505'), false],
    ['an error of our own', new Error('40P01'), false],
    ['something thrown that is no error', '40P01', false],
  ])('%s → %s', (_name, error, expected) => {
    expect(isRetryableConflict(error)).toBe(expected);
  });
});
