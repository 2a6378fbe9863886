// Reading a failed tRPC call the way a form or a notice needs it: the domain's details, the field
// errors, and a sentence a person can act on.
import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/api/root';

type ClientError = TRPCClientError<AppRouter>;

function asClientError(error: unknown): ClientError | null {
  return error instanceof TRPCClientError ? (error as ClientError) : null;
}

export function errorCode(error: unknown): string | undefined {
  return asClientError(error)?.data?.code;
}

export function domainDetails(error: unknown) {
  return asClientError(error)?.data?.domain ?? null;
}

/** Messages per input field, from the domain's validation or from the input schema. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  const data = asClientError(error)?.data;
  for (const { field, message } of data?.domain?.fieldErrors ?? []) (result[field] ??= []).push(message);
  for (const [field, messages] of Object.entries(data?.zodError?.fieldErrors ?? {})) {
    for (const message of (messages as string[] | undefined) ?? []) (result[field] ??= []).push(message);
  }
  return result;
}

export function errorMessage(error: unknown, fallback: string): string {
  const client = asClientError(error);
  if (!client) return fallback;
  if (client.data?.code === 'UNAUTHORIZED') return 'Your session has ended. Sign in again and retry.';
  // A network failure has no data: the message would be the browser's ("Failed to fetch").
  if (!client.data) return `${fallback} The server could not be reached; check your connection and try again.`;
  return client.message || fallback;
}
