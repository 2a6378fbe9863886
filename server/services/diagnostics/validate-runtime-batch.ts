// Checks every item of a runtime batch (docs/runtime-api.md "Runtime diagnostics"): its shape and
// ranges (runtime-event-schema.ts), no memory content, not dated in the future, and the token's
// tenant. The batch is stored only when no item has a problem.
import { contentProblems, eventProblems } from '../../domain';
import type { ServiceCall } from '../context';
import { compiledRuntimeEventSchema, type RuntimeEventInput } from './runtime-event-schema';

/** At most this many problems are reported; the count says how many there were. */
export const MAX_REPORTED_PROBLEMS = 100;

export interface ItemProblem {
  index: number;
  field: string;
  message: string;
}

export interface ValidateRuntimeBatchInput {
  items: unknown[];
  /** The sending token's tenant; null only for tokens of every tenant. */
  tokenTenantRef: string | null;
}

export type BatchVerdict =
  | { ok: true; events: RuntimeEventInput[] }
  | { ok: false; forbidden: boolean; problemCount: number; items: ItemProblem[] };

function itemProblems(item: unknown, index: number, context: { nowMs: number; tokenTenantRef: string | null }) {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { problems: [{ index, field: '', message: 'Each event must be a JSON object.' }], forbidden: false };
  }
  const content = contentProblems(Object.keys(item));
  if (content.length > 0) return { problems: content.map((problem) => ({ index, ...problem })), forbidden: false };
  const parsed = compiledRuntimeEventSchema.safeParse(item);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      index,
      field: issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.'),
      message: issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}.` : issue.message,
    }));
    return { problems, forbidden: false };
  }
  const rules = eventProblems({ atMs: parsed.data.at.getTime(), tenantRef: parsed.data.tenantRef }, context);
  return {
    event: parsed.data,
    problems: rules.map(({ field, message }) => ({ index, field, message })),
    forbidden: rules.some((problem) => problem.forbidden),
  };
}

export async function validateRuntimeBatch({ ctx, input }: ServiceCall<ValidateRuntimeBatchInput>): Promise<BatchVerdict> {
  const context = { nowMs: ctx.now().getTime(), tokenTenantRef: input.tokenTenantRef };
  const events: RuntimeEventInput[] = [];
  const problems: ItemProblem[] = [];
  let forbidden = false;
  input.items.forEach((item, index) => {
    const checked = itemProblems(item, index, context);
    problems.push(...checked.problems);
    forbidden ||= checked.forbidden;
    if (checked.problems.length === 0 && checked.event) events.push(checked.event);
  });
  if (problems.length === 0) return { ok: true, events };
  return { ok: false, forbidden, problemCount: problems.length, items: problems.slice(0, MAX_REPORTED_PROBLEMS) };
}
