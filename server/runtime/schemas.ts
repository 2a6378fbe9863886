// The wire format of the runtime's memory API (docs/runtime-api.md "The runtime's memory API"): the one
// definition that validates requests, generates the OpenAPI document and types the client.
// Imports only Zod, pure domain limits and the shared input types, so the client can share it.
// Every string of a request is one of the shared input fragments (server/api/inputs.ts): no NUL, no
// lone surrogate, the console's one limit for its kind (400 naming the field and the limit).
import { z } from 'zod';
import { MAX_EXPIRY_YEARS, MAX_TTL_SECONDS, TENANT_SETTING_LIMITS } from '../domain';
import { CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT } from '../domain/change-feed';
import { INPUT_LIMITS, inputId, inputText, memoryKey, pageCursor, required, runtimeRef, scopeToken, searchText } from '../api/inputs';
import { runtimeEnvelopeSchema, runtimeEventSchema } from '../services/diagnostics/runtime-event-schema';

export const MAX_SCOPES_PER_REQUEST = 50;
export const MAX_SEARCH_LIMIT = 200;
export const MAX_QUERY_CHARS = INPUT_LIMITS.searchText;

const scope = scopeToken.min(1, required).describe('A scope token such as actor:u1, tenant:berlin, depot:hh or global.');
const scopes = z.array(scope).min(1).max(MAX_SCOPES_PER_REQUEST);
const actorRef = runtimeRef.min(1, required).describe('The person the assistant runs for; must belong to the token’s organisation.');
const origin = runtimeRef.min(1, required);

export const memoryRecordSchema = z.strictObject({
  id: z.string(),
  key: z.string(),
  text: z.string(),
  scope: z.string(),
  pinned: z.boolean(),
  author: z.enum(['human', 'agent']),
  version: z.number().int().min(1),
  threadId: z.string().optional(),
  runId: z.string().optional(),
  updatedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).optional().describe('When the memory expires; from then on it is never offered.'),
});

/** Where a list or search reads: the scopes given, or those of the person given (resolved by the console). */
const readTarget = {
  scopes: scopes
    .optional()
    .describe('The scopes to read. Those the token’s organisation does not hold are skipped and named in ignoredScopes.'),
  actorRef: actorRef
    .optional()
    .describe('Instead of scopes: the person whose scopes to read, resolved as POST /api/runtime/scopes/resolve does.'),
};
function scopesOrActor(value: { scopes?: string[]; actorRef?: string }, ctx: z.RefinementCtx) {
  if ((value.scopes === undefined) === (value.actorRef === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'scopes: give either scopes or actorRef, not both and not neither.' });
  }
}
const readAnswer = {
  scopes: z.array(z.string()).describe('The scopes read, in the order given or resolved (the most specific first).'),
  ignoredScopes: z.array(z.string()).describe('Scopes given that the token’s organisation does not hold: skipped, nothing read there.'),
};

export const listRequestSchema = z.strictObject(readTarget).superRefine(scopesOrActor);
export const listResponseSchema = z.strictObject({ records: z.array(memoryRecordSchema), ...readAnswer });

export const resolveScopesRequestSchema = z.strictObject({ actorRef });
export const resolveScopesResponseSchema = z.strictObject({
  actorRef: z.string(),
  scopes: z.array(z.string()).describe('The person’s scopes, most specific first: their own, their groups, their organisation, global.'),
  maxMemories: z.number().int().describe('How many memories the organisation puts in one turn’s prompt.'),
  maxFactChars: z.number().int().describe('The longest fact, in characters, the organisation allows.'),
});

export const writeRequestSchema = z.strictObject({
  actorRef,
  key: memoryKey.min(1, required),
  // The organisation's own limit (at most this) is checked by the write path and named in the 400.
  fact: inputText(TENANT_SETTING_LIMITS.maxFactChars.max).min(1, required),
  threadId: origin.optional(),
  runId: origin.optional(),
  expiresAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(`When the memory expires: in the future, at most ${MAX_EXPIRY_YEARS} years out. Give this or ttlSeconds, not both.`),
  ttlSeconds: z
    .number()
    .int()
    .min(1)
    .max(MAX_TTL_SECONDS)
    .optional()
    .describe('Seconds from now until the memory expires (at most 10 years). Give this or expiresAt, not both.'),
});
export const writeResponseSchema = z.strictObject({
  record: memoryRecordSchema,
  changed: z.boolean().describe('false when the key already held exactly this text: nothing was written.'),
});

export const forgetRequestSchema = z.strictObject({ actorRef, id: inputId.min(1, required) });

export const searchRequestSchema = z
  .strictObject({
    ...readTarget,
    query: searchText
      .min(1, required)
      .describe(
        'The turn’s own words: any may match, best first; "quoted phrases" rank higher whole, -word excludes. Never fails on its text.',
      ),
    limit: z
      .number()
      .int()
      .min(0)
      .max(MAX_SEARCH_LIMIT)
      .describe(`How many keys to rank; 0 for no limit of your own (the console ranks at most ${MAX_SEARCH_LIMIT}).`),
  })
  .superRefine(scopesOrActor);
export const searchResponseSchema = z.strictObject({
  records: z.array(memoryRecordSchema),
  ranking: z.array(z.string()).describe('The matching keys, best first (the order of `records` too, before the pinned ones).'),
  ...readAnswer,
});

// Published facts through a facts:write token (docs/runtime-api.md "Publishing facts"): the Facts
// page's own operations, each at the version the caller saw.
const factVersion = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .describe('The version you saw; the change is refused (409) when the fact is no longer at it.');
const factId = inputId.min(1, required).describe('The fact’s id, as `publish` or `list` answered it.');
const factText = inputText(TENANT_SETTING_LIMITS.maxFactChars.max)
  .min(1, required)
  .describe('The fact, within the organisation’s fact length (400 naming the limit).');
const factExpiresAt = z.iso
  .datetime({ offset: true })
  .optional()
  .describe(`When the fact expires: in the future, at most ${MAX_EXPIRY_YEARS} years out. Absent: an edit keeps the fact’s expiry.`);
const confirmOmissions = z
  .number()
  .int()
  .min(0)
  .max(100_000_000)
  .optional()
  .describe('When pinning would leave people over their budget (409 `PIN_OVER_BUDGET`, with `peopleOver`): that number, to pin anyway.');

export const publishFactRequestSchema = z.strictObject({
  scope: scopeToken
    .min(1, required)
    .describe('The organisation’s scope (tenant:<ref>) or one of its groups; never a person’s own scope or global.'),
  key: memoryKey.min(1, required),
  text: factText,
  pinned: z.boolean().optional().describe('Always in every prompt at the scope. Absent: a new fact is not pinned, an edit keeps its pin.'),
  expectedVersion: factVersion
    .optional()
    .describe('0: only when the key is new at the scope; the version you saw to replace it; absent: create or replace.'),
  confirmOmissions,
  expiresAt: factExpiresAt,
});
export const editFactRequestSchema = z.strictObject({ id: factId, text: factText, expectedVersion: factVersion, expiresAt: factExpiresAt });
export const pinFactRequestSchema = z.strictObject({ id: factId, expectedVersion: factVersion, confirmOmissions });
export const unpinFactRequestSchema = z.strictObject({ id: factId, expectedVersion: factVersion });
export const deleteFactRequestSchema = z.strictObject({ id: factId, expectedVersion: factVersion });
export const factResponseSchema = z.strictObject({ record: memoryRecordSchema });

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    reason: z.string().optional(),
    peopleOver: z
      .number()
      .int()
      .optional()
      .describe('With `PIN_OVER_BUDGET`: how many people would be over their budget (send it as `confirmOmissions`).'),
    currentVersion: z.number().int().optional().describe('With a version conflict: the version the record is at now.'),
    id: z.string().optional(),
    items: z.array(z.object({ index: z.number().int(), field: z.string(), message: z.string() })).optional(),
  }),
});

/** Each item flat (`type`, …) or the reference library's envelope (`event`, `payload`, …); they may be mixed. */
export const eventsRequestSchema = z.array(z.union([runtimeEventSchema, runtimeEnvelopeSchema])).max(5_000);
export const eventsResponseSchema = z.strictObject({
  accepted: z.number().int(),
  resolved: z.number().int(),
  written: z.number().int(),
});

export type MemoryRecord = z.infer<typeof memoryRecordSchema>;
export type ListRequest = z.infer<typeof listRequestSchema>;
export type ListResponse = z.infer<typeof listResponseSchema>;
export type WriteRequest = z.infer<typeof writeRequestSchema>;
export type WriteResponse = z.infer<typeof writeResponseSchema>;
export type ForgetRequest = z.infer<typeof forgetRequestSchema>;
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type RuntimeErrorBody = z.infer<typeof errorResponseSchema>;
export type RuntimeEvent = z.input<typeof runtimeEventSchema>;
export type RuntimeEventEnvelope = z.input<typeof runtimeEnvelopeSchema>;
export type EventsResponse = z.infer<typeof eventsResponseSchema>;
export type PublishFactRequest = z.infer<typeof publishFactRequestSchema>;
export type FactResponse = z.infer<typeof factResponseSchema>;

/** Where each operation lives; the handlers, the OpenAPI document and the client share these. */
export const RUNTIME_PATHS = {
  list: '/api/runtime/memories/list',
  write: '/api/runtime/memories/write',
  forget: '/api/runtime/memories/forget',
  search: '/api/runtime/memories/search',
  resolveScopes: '/api/runtime/scopes/resolve',
  events: '/api/runtime/events',
  changes: '/api/runtime/changes',
  publishFact: '/api/runtime/facts/publish',
  editFact: '/api/runtime/facts/edit',
  pinFact: '/api/runtime/facts/pin',
  unpinFact: '/api/runtime/facts/unpin',
  deleteFact: '/api/runtime/facts/delete',
} as const;

/** The query of GET /api/runtime/changes: every value a string, as a URL carries it. */
export const changesRequestSchema = z.strictObject({
  after: pageCursor
    .min(1, required)
    .optional()
    .describe('The `cursor` of the previous answer. Absent: no changes, and the cursor to start from (take it before reading everything).'),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${CHANGES_MAX_LIMIT}.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `limit must be a whole number from 1 to ${CHANGES_MAX_LIMIT}.`)
        .max(CHANGES_MAX_LIMIT, `limit must be at most ${CHANGES_MAX_LIMIT}.`),
    )
    .optional()
    .describe(`How many changes at most (default ${CHANGES_DEFAULT_LIMIT}, at most ${CHANGES_MAX_LIMIT}).`),
});

const changeAt = z.iso.datetime({ offset: true }).describe('When the change was made (its transaction’s start).');
export const memoryChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['created', 'changed', 'deleted']), id: z.string(), scope: z.string(), at: changeAt }),
  z.strictObject({
    kind: z.literal('membership'),
    actorRef: z.string().describe('The person whose scope chain changed: resolve their scopes again.'),
    at: changeAt,
  }),
]);
export const changesResponseSchema = z.strictObject({
  changes: z.array(memoryChangeSchema).describe('Oldest first. A memory may appear more than once; apply them in order.'),
  cursor: z.string().describe('Pass as `after` next time.'),
  more: z.boolean().describe('true when the page was full: ask again at once.'),
});
