// Unexpected failures (a bug, a lost database connection) must not echo their text — a Prisma or
// database message can reveal tables, queries or data. The person gets a plain message and a
// reference id; the server log gets the id with the full error, so the two can be matched.
import { randomUUID } from 'node:crypto';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Try again; if it keeps happening, quote the reference id.';

export type ErrorLogger = (message: string, error: unknown) => void;

const idByError = new WeakMap<object, string>();

/**
 * Logs an unexpected error once under a fresh reference id and returns that id. Reporting the same
 * error object again returns the same id without logging it twice.
 */
export function reportUnexpectedError(where: string, error: unknown, log: ErrorLogger = console.error): string {
  const known = typeof error === 'object' && error !== null ? idByError.get(error) : undefined;
  if (known) return known;
  const id = `err_${randomUUID()}`;
  if (typeof error === 'object' && error !== null) idByError.set(error, id);
  log(`[${id}] Unexpected error in ${where}:`, error);
  return id;
}
