// Checks every item of a runtime batch (docs/runtime-api.md "Runtime diagnostics"): its shape and ranges
// (runtime-event-schema.ts), then the domain's rules (no memory content, a believable date, the
// token's tenant and its scopes). The batch is stored only when no item has a problem.
import { contentProblems, eventProblems, type EventContext, type EventFacts } from '../../domain';
import { MAX_LISTED_PROBLEMS } from '../../errors/error-bounds';
import type { ServiceCall } from '../context';
import { tenantsOfScopes } from '../scopes/tenants-of-scopes';
import { compiledRuntimeEventSchema, type RuntimeEventInput } from './runtime-event-schema';

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
  /** `items`: the first problems, as many as an error lists; `problemCount`: all of them. */
  | { ok: false; forbidden: boolean; problemCount: number; items: ItemProblem[] };

type Shaped = { event: RuntimeEventInput; problems?: never } | { event?: never; problems: ItemProblem[] };

/** The item as an event of the schema, or what is wrong with its shape. */
function shapeOf(item: unknown, index: number): Shaped {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { problems: [{ index, field: '', message: 'Each event must be a JSON object.' }] };
  }
  const content = contentProblems(Object.keys(item));
  if (content.length > 0) return { problems: content.map((problem) => ({ index, ...problem })) };
  const parsed = compiledRuntimeEventSchema.safeParse(item);
  if (parsed.success) return { event: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => ({
      index,
      field: issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.'),
      message: issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}.` : issue.message,
    })),
  };
}

function factsOf(event: RuntimeEventInput): EventFacts {
  const scopes =
    event.type === 'memory.written'
      ? [{ field: 'scope', scope: event.scope }]
      : event.scopes.map((scope, i) => ({ field: `scopes.${i}`, scope }));
  return { atMs: event.at.getTime(), tenantRef: event.tenantRef, scopes };
}

export async function validateRuntimeBatch({ ctx, input }: ServiceCall<ValidateRuntimeBatchInput>): Promise<BatchVerdict> {
  const shaped = input.items.map(shapeOf);
  const facts = shaped.map((item) => (item.event ? factsOf(item.event) : null));
  const named = new Set(facts.flatMap((fact) => fact?.scopes.map(({ scope }) => scope) ?? []));
  const context: EventContext = {
    nowMs: ctx.now().getTime(),
    tokenTenantRef: input.tokenTenantRef,
    scopeTenants: named.size > 0 ? await tenantsOfScopes({ ctx, input: { scopes: [...named] } }) : new Map(),
  };
  const events: RuntimeEventInput[] = [];
  // Only the problems an error lists are kept; the rest are counted.
  const listed: ItemProblem[] = [];
  let problemCount = 0;
  let forbidden = false;
  shaped.forEach((item, index) => {
    const fact = facts[index];
    const rules = fact ? eventProblems(fact, context) : [];
    const problems = item.problems ?? rules.map(({ field, message }) => ({ index, field, message }));
    forbidden ||= rules.some((problem) => problem.forbidden);
    problemCount += problems.length;
    listed.push(...problems.slice(0, MAX_LISTED_PROBLEMS - listed.length));
    if (problems.length === 0 && item.event) events.push(item.event);
  });
  if (problemCount === 0) return { ok: true, events };
  return { ok: false, forbidden, problemCount, items: listed };
}
