// Checks every item of a runtime batch (docs/runtime-api.md "Runtime diagnostics"): its shape and ranges
// (runtime-event-schema.ts; flat, or the reference library's envelope), then the domain's rules (no
// memory content, a believable date, the token's tenant and its scopes). The batch is stored only
// when no item has a problem. An event without a tenant is the token's, one without a date was
// made when it was received.
import { contentProblems, eventProblems, type EventContext, type EventFacts } from '../../domain';
import { MAX_LISTED_PROBLEMS } from '../../errors/error-bounds';
import type { ServiceCall } from '../context';
import { tenantsOfScopes } from '../scopes/tenants-of-scopes';
import {
  compiledRuntimeEnvelopeSchema,
  compiledRuntimeEventSchema,
  runtimeEnvelopeSchema,
  runtimeEventSchema,
  type RuntimeEventInput,
} from './runtime-event-schema';

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

type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[] };

function problemsOf(index: number, issues: readonly Issue[], prefix = ''): ItemProblem[] {
  return issues.map((issue) => {
    const path = issue.path.join('.');
    const where = prefix + path;
    if (issue.code === 'unrecognized_keys') {
      const keys = (issue.keys ?? []).map((key) => prefix + (path ? `${path}.` : '') + key);
      return { index, field: keys.join(', '), message: `Unknown field(s): ${keys.join(', ')}.` };
    }
    return { index, field: where, message: issue.message };
  });
}

/**
 * The item as an event of the schema, or what is wrong with its shape. A missing tenant is the
 * token's (a token of every tenant must name it), a missing date `receivedAt`.
 */
function shapeOf(item: unknown, index: number, tokenTenantRef: string | null, receivedAt: Date): Shaped {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { problems: [{ index, field: '', message: 'Each event must be a JSON object.' }] };
  }
  const isEnvelope = 'payload' in item || 'event' in item;
  const payload: unknown = isEnvelope ? (item as { payload?: unknown }).payload : item;
  const content = contentProblems(typeof payload === 'object' && payload !== null ? Object.keys(payload) : []);
  if (content.length > 0) {
    return { problems: content.map((problem) => ({ index, ...problem, field: (isEnvelope ? 'payload.' : '') + problem.field })) };
  }
  let event: Omit<RuntimeEventInput, 'at' | 'tenantRef'> & { at?: Date; tenantRef?: string };
  if (isEnvelope) {
    const parsed = compiledRuntimeEnvelopeSchema.safeParse(item);
    if (!parsed.success) return { problems: problemsOf(index, runtimeEnvelopeSchema.safeParse(item).error?.issues ?? parsed.error.issues) };
    const { event: type, ts, payload, lib, v, traceId } = parsed.data;
    // lib, v and traceId are stored with the event (insert-runtime-events.ts); the rest reads the payload.
    event = { type, ...payload, ...(ts ? { at: ts } : {}), lib, v, ...(traceId ? { traceId } : {}) } as typeof event;
  } else {
    const parsed = compiledRuntimeEventSchema.safeParse(item);
    if (!parsed.success) return { problems: problemsOf(index, runtimeEventSchema.safeParse(item).error?.issues ?? parsed.error.issues) };
    event = parsed.data;
  }
  const tenantRef = event.tenantRef ?? tokenTenantRef;
  if (tenantRef === null) {
    return {
      problems: [
        {
          index,
          field: 'tenantRef',
          message: 'tenantRef is required with a token of every tenant; send the envelope with a token of one tenant.',
        },
      ],
    };
  }
  return { event: { ...event, tenantRef, at: event.at ?? receivedAt } as RuntimeEventInput };
}

/** Where a scope's problem is reported: `ts` for the envelope's date, `payload.…` for its fields. */
function factsOf(event: RuntimeEventInput): EventFacts {
  const scopes =
    event.type === 'memory.written'
      ? [{ field: 'scope', scope: event.scope, own: true }]
      : Array.isArray(event.scopes)
        ? event.scopes.map((scope, i) => ({ field: `scopes.${i}`, scope }))
        : [];
  return { atMs: event.at.getTime(), tenantRef: event.tenantRef, scopes };
}

export async function validateRuntimeBatch({ ctx, input }: ServiceCall<ValidateRuntimeBatchInput>): Promise<BatchVerdict> {
  const receivedAt = ctx.now();
  const shaped = input.items.map((item, index) => shapeOf(item, index, input.tokenTenantRef, receivedAt));
  const envelope = input.items.map((item) => typeof item === 'object' && item !== null && ('payload' in item || 'event' in item));
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
    // The envelope's fields are reported where it holds them: its date is `ts`, the rest in `payload`.
    const fieldOf = (field: string) =>
      !envelope[index] ? field : field === 'at' ? 'ts' : field === 'tenantRef' ? field : `payload.${field}`;
    const problems = item.problems ?? rules.map(({ field, message }) => ({ index, field: fieldOf(field), message }));
    forbidden ||= rules.some((problem) => problem.forbidden);
    problemCount += problems.length;
    listed.push(...problems.slice(0, MAX_LISTED_PROBLEMS - listed.length));
    if (problems.length === 0 && item.event) events.push(item.event);
  });
  if (problemCount === 0) return { ok: true, events };
  return { ok: false, forbidden, problemCount, items: listed };
}
