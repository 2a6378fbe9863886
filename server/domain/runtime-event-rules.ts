// The rules a runtime diagnostic must meet beyond its shape (docs/runtime-api.md "Runtime diagnostics"): it
// carries no memory content, is dated neither in the future nor before 2000, and belongs to the
// sending token's tenant — its tenantRef and every scope it names.
export const MAX_EVENT_CLOCK_SKEW_MS = 5 * 60_000;
/** No runtime sent diagnostics before this; an earlier `at` is a broken clock or a made-up date. */
export const EARLIEST_EVENT_AT_MS = Date.UTC(2000, 0, 1);

/** Fields that would carry memory content; diagnostics are counts only. */
export const CONTENT_FIELDS: readonly string[] = ['key', 'text'];

export interface EventProblem {
  field: string;
  message: string;
  /** The event names another tenant than the token's: the batch is refused as forbidden. */
  forbidden?: boolean;
}

/** What the rules read of one event. */
export interface EventFacts {
  atMs: number;
  tenantRef: string;
  /**
   * Each scope the event names, with the field that names it (`scopes.0`, `scope`). `own`: the scope
   * must be one of the tenant's own (a write lands at a scope the console holds for the tenant).
   */
  scopes: readonly { field: string; scope: string; own?: boolean }[];
}

export interface EventContext {
  nowMs: number;
  /** The sending token's tenant; null only for tokens of every tenant. */
  tokenTenantRef: string | null;
  /** The tenant of each scope the batch names that the console knows (null: global); others are absent. */
  scopeTenants: ReadonlyMap<string, string | null>;
}

/** Content fields present on a raw event object. */
export function contentProblems(fields: readonly string[]): EventProblem[] {
  return fields
    .filter((field) => CONTENT_FIELDS.includes(field))
    .map((field) => ({ field, message: `Diagnostics must not carry memory content: remove "${field}".` }));
}

export function eventProblems(event: EventFacts, context: EventContext): EventProblem[] {
  const problems: EventProblem[] = [];
  if (event.atMs > context.nowMs + MAX_EVENT_CLOCK_SKEW_MS) {
    problems.push({ field: 'at', message: 'at is more than 5 minutes in the future; check the runtime clock.' });
  }
  if (event.atMs < EARLIEST_EVENT_AT_MS) {
    problems.push({ field: 'at', message: 'at is before 2000-01-01; check the runtime clock.' });
  }
  if (context.tokenTenantRef !== null && event.tenantRef !== context.tokenTenantRef) {
    problems.push({
      field: 'tenantRef',
      message: `This token may only send events of tenant "${context.tokenTenantRef}".`,
      forbidden: true,
    });
  }
  // A turn's scope the console does not know passes: the runtime may name people and kinds it has
  // not been told of. One it knows must be global or the event's own tenant's. A write's scope must
  // be the tenant's own: the console holds every scope a write may land at.
  const tenantRef = context.tokenTenantRef ?? event.tenantRef;
  for (const { field, scope, own } of event.scopes) {
    const owner = context.scopeTenants.get(scope);
    if (own && owner !== tenantRef) {
      // One message whether the scope is another tenant's or nobody's: the answer reveals nothing.
      problems.push({
        field,
        message: `${field} names ${scope}, which is not a scope of tenant "${tenantRef}"; a write is reported at the tenant's own scope, one of its people's or one of its groups.`,
      });
    } else if (!own && owner !== undefined && owner !== null && owner !== tenantRef) {
      problems.push({
        field,
        message: `${field} names ${scope}, a scope of another tenant; events of tenant "${tenantRef}" may only name its own scopes and global.`,
      });
    }
  }
  return problems;
}
