// The one error type services throw for expected refusals, and its single mapping to transports.
// UNAUTHORIZED: the person acting was signed out or disabled while their request was under way.
import type { RefusalReason } from '../domain';

export type DomainErrorCode = 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT' | 'INVALID' | 'UNAUTHORIZED';

export interface FieldError {
  field: string;
  message: string;
  /** What is wrong, when the domain names it (validateFact's reasons), with the limit and length found. */
  reason?: string;
  limit?: number;
  got?: number;
}

export interface DomainErrorDetails {
  /** For INVALID: which input fields are wrong and why (each message names the limit). */
  fieldErrors?: FieldError[];
  /** For CONFLICT: the current state the caller should reconcile with. */
  current?: unknown;
  /** A machine-readable reason, one of server/domain/refusals.ts (e.g. HELD_AT_WIDER_SCOPE). */
  reason?: RefusalReason;
  /** For QUOTA_EXCEEDED: how many the person holds and how many they may hold. */
  held?: number;
  limit?: number;
  /** For KEY_TAKEN: the key a save without one derived, and a free key beside it. */
  key?: string;
  alternative?: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** How each code answers: the HTTP status of a REST error and the tRPC code (whose status is the same). */
export const TRANSPORT_OF_DOMAIN_CODE = {
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
  INVALID: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { http: 401, trpc: 'UNAUTHORIZED' },
} as const satisfies Record<DomainErrorCode, { http: number; trpc: string }>;

export function notFound(what = 'That item'): DomainError {
  return new DomainError('NOT_FOUND', `${what} does not exist or is not visible to you.`);
}
