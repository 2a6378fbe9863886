// The wire format of the runtime's memory API (docs/runtime-api.md "The runtime's memory API"): the one
// definition that validates requests, generates the OpenAPI document and types the client.
// Imports only Zod, pure domain limits and the shared input types, so the client can share it.
// Every string of a request is one of the shared input fragments (server/api/inputs.ts): no NUL, no
// lone surrogate, the console's one limit for its kind (400 naming the field and the limit).
import { z } from 'zod';
import { TENANT_SETTING_LIMITS } from '../domain';
import { INPUT_LIMITS, inputId, inputText, memoryKey, required, runtimeRef, scopeToken, searchText } from '../api/inputs';
import { runtimeEventSchema } from '../services/diagnostics/runtime-event-schema';

export const MAX_SCOPES_PER_REQUEST = 50;
export const MAX_SEARCH_LIMIT = 100;
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
});

export const listRequestSchema = z.strictObject({ scopes });
export const listResponseSchema = z.strictObject({ records: z.array(memoryRecordSchema) });

export const writeRequestSchema = z.strictObject({
  actorRef,
  key: memoryKey.min(1, required),
  // The organisation's own limit (at most this) is checked by the write path and named in the 400.
  fact: inputText(TENANT_SETTING_LIMITS.maxFactChars.max).min(1, required),
  threadId: origin.optional(),
  runId: origin.optional(),
});
export const writeResponseSchema = z.strictObject({
  record: memoryRecordSchema,
  changed: z.boolean().describe('false when the key already held exactly this text: nothing was written.'),
});

export const forgetRequestSchema = z.strictObject({ actorRef, id: inputId.min(1, required) });

export const searchRequestSchema = z.strictObject({
  scopes,
  query: searchText.min(1, required).describe('Web-search syntax: words, "quoted phrases", or, -excluded.'),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).describe('How many keys to rank.'),
});
export const searchResponseSchema = z.strictObject({
  records: z.array(memoryRecordSchema),
  ranking: z.array(z.string()).describe('The matching keys, best first.'),
});

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    reason: z.string().optional(),
    id: z.string().optional(),
    items: z.array(z.object({ index: z.number().int(), field: z.string(), message: z.string() })).optional(),
  }),
});

export const eventsRequestSchema = z.array(runtimeEventSchema).max(5_000);
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
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

/** Where each operation lives; the handlers, the OpenAPI document and the client share these. */
export const RUNTIME_PATHS = {
  list: '/api/runtime/memories/list',
  write: '/api/runtime/memories/write',
  forget: '/api/runtime/memories/forget',
  search: '/api/runtime/memories/search',
  events: '/api/runtime/events',
} as const;
