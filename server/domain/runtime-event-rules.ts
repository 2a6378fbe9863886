// The rules a runtime diagnostic must meet beyond its shape (docs/runtime-api.md "Runtime
// diagnostics"): it carries no memory content, is not dated in the future, and belongs to the
// sending token's tenant.
export const MAX_EVENT_CLOCK_SKEW_MS = 5 * 60_000;

/** Fields that would carry memory content; diagnostics are counts only. */
export const CONTENT_FIELDS: readonly string[] = ['key', 'text'];

export interface EventProblem {
  field: string;
  message: string;
  /** The event names another tenant than the token's: the batch is refused as forbidden. */
  forbidden?: boolean;
}

/** Content fields present on a raw event object. */
export function contentProblems(fields: readonly string[]): EventProblem[] {
  return fields
    .filter((field) => CONTENT_FIELDS.includes(field))
    .map((field) => ({ field, message: `Diagnostics must not carry memory content: remove "${field}".` }));
}

export function eventProblems(
  event: { atMs: number; tenantRef: string },
  context: { nowMs: number; tokenTenantRef: string | null },
): EventProblem[] {
  const problems: EventProblem[] = [];
  if (event.atMs > context.nowMs + MAX_EVENT_CLOCK_SKEW_MS) {
    problems.push({ field: 'at', message: 'at is more than 5 minutes in the future; check the runtime clock.' });
  }
  if (context.tokenTenantRef !== null && event.tenantRef !== context.tokenTenantRef) {
    problems.push({ field: 'tenantRef', message: `This token may only send events of tenant "${context.tokenTenantRef}".`, forbidden: true });
  }
  return problems;
}
