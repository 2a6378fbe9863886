// The TRPCError a call was refused with, for tests that assert on the code, message or data.
import { TRPCError } from '@trpc/server';

export async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

/** The reason code a refusal carries (DomainError details), e.g. LAST_ADMINISTRATOR. */
export function reasonOf(error: TRPCError): string | undefined {
  return (error.cause as { details?: { reason?: string } } | undefined)?.details?.reason;
}
