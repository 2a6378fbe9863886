// The one error type services throw for expected refusals, and its single mapping to transports.
// UNAUTHORIZED: the person acting was signed out or disabled while their request was under way.
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
  /** A machine-readable reason from a domain verdict, e.g. HELD_AT_WIDER_SCOPE. */
  reason?: string;
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

export const HTTP_STATUS_BY_DOMAIN_CODE = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  CONFLICT: 409,
  INVALID: 400,
  UNAUTHORIZED: 401,
} as const satisfies Record<DomainErrorCode, number>;

export const TRPC_CODE_BY_DOMAIN_CODE = {
  NOT_FOUND: 'NOT_FOUND',
  FORBIDDEN: 'FORBIDDEN',
  CONFLICT: 'CONFLICT',
  INVALID: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
} as const satisfies Record<DomainErrorCode, string>;

export function notFound(what = 'That item'): DomainError {
  return new DomainError('NOT_FOUND', `${what} does not exist or is not visible to you.`);
}
