// The runtime API's operations, one row each (docs/runtime-api.md "The runtime's memory API"): where it lives,
// the permission its token needs, its body limit, what it takes and answers, what else it may
// refuse, and the service that does the work. The route handlers (server/http/runtime-routes.ts)
// and the OpenAPI document (openapi.ts) are both made from this table, so neither can have an
// operation, a permission or an answer the other lacks.
import type { z } from 'zod';
import type { TokenPermission } from '../domain';
import type { AgentMemory, PrismaClient } from '../db/generated/client';
import { MAX_EVENTS_PER_BATCH, RUNTIME_EVENTS_BODY_LIMIT_BYTES, serveEventBatch } from '../http/runtime-events';
import type { ServiceContext } from '../services/context';
import { CHANGE_RETENTION_DAYS, CHANGES_DEFAULT_LIMIT } from '../domain/change-feed';
import { brotliJsonResponse, jsonError, jsonPiecesResponse, jsonResponse } from '../http/json-response';
import { encodedAnswerHeader, keptBrotli, takesBrotli } from '../http/kept-brotli';
import { readMemoryChanges } from '../services/runtime/read-memory-changes';
import { changeRuntimeFact } from '../services/runtime/change-runtime-fact';
import { forgetRuntimeMemory } from '../services/runtime/forget-runtime-memory';
import { listRuntimeMemories } from '../services/runtime/list-runtime-memories';
import { resolveRuntimeScopes } from '../services/runtime/resolve-runtime-scopes';
import { searchRuntimeMemories } from '../services/runtime/search-runtime-memories';
import { writeRuntimeMemory } from '../services/runtime/write-runtime-memory';
import type { AuthenticatedToken } from '../services/tokens/authenticate-api-token';
import { toRuntimeRecord } from './record-fields';
import {
  changesRequestSchema,
  changesResponseSchema,
  deleteFactRequestSchema,
  editFactRequestSchema,
  eventsRequestSchema,
  eventsResponseSchema,
  factResponseSchema,
  forgetRequestSchema,
  listRequestSchema,
  listResponseSchema,
  MAX_SEARCH_LIMIT,
  pinFactRequestSchema,
  publishFactRequestSchema,
  resolveScopesRequestSchema,
  resolveScopesResponseSchema,
  RUNTIME_PATHS,
  searchRequestSchema,
  searchResponseSchema,
  unpinFactRequestSchema,
  writeRequestSchema,
  writeResponseSchema,
} from './schemas';

/** The body limit of every operation but the events batch. */
export const RUNTIME_MEMORIES_BODY_LIMIT_BYTES = 64 * 1024;

/** What an operation's service is handed: the token's context, the token, and the request's input. */
export interface RuntimeCall<Input> {
  ctx: ServiceContext<PrismaClient>;
  token: AuthenticatedToken;
  input: Input;
  /** The request's `Accept-Encoding`, for an answer kept already compressed (kept-brotli.ts). */
  acceptEncoding?: string | null;
}

interface OperationBase<Req extends z.ZodType, Res extends z.ZodType | undefined> {
  path: (typeof RUNTIME_PATHS)[keyof typeof RUNTIME_PATHS];
  method: 'POST' | 'GET';
  summary: string;
  description: string;
  permission: TokenPermission;
  bodyLimit: number;
  /** The body as sent: its schema is what the handler validates with and what the document shows. */
  request: Req;
  success: { status: 200 | 202 | 204; description: string; schema: Res };
  /** Refusals besides those of every operation (400, 401, 403, 413, 429, 500, in openapi.ts). */
  errors: Record<number, string>;
  /** 'pool': the service runs its own transaction on the driver's pool (route.ts `sql`). */
  sql?: 'pool';
}

/** The body is one JSON object of `request`; `serve` returns the answer's body (none for 204). */
export interface JsonOperation<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType | undefined = z.ZodType | undefined,
> extends OperationBase<Req, Res> {
  method: 'POST';
  body: 'json';
  /** The answer's body, or the answer in full (a body streamed as the database writes it). */
  serve: (call: RuntimeCall<z.infer<Req>>) => Promise<(Res extends z.ZodType ? z.input<Res> : void) | Response>;
}

/**
 * A GET whose input is the URL's query (`request` validates its parameters, each a string); the
 * service answers in full, since a read may answer other statuses than its success (the feed's 410).
 */
export interface QueryOperation<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType | undefined = z.ZodType | undefined,
> extends OperationBase<Req, Res> {
  method: 'GET';
  body: 'query';
  // Method syntax: the table holds operations of every input type side by side.
  serve(call: RuntimeCall<z.infer<Req>>): Promise<Response>;
}

/** The operation reads its body itself (the events batch: a JSON array or NDJSON, an Idempotency-Key) and answers in full. */
export interface RawOperation<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType | undefined = z.ZodType | undefined,
> extends OperationBase<Req, Res> {
  method: 'POST';
  body: 'raw';
  /** Also takes one item of the array per line (`application/x-ndjson`). */
  ndjson: boolean;
  serve: (call: RuntimeCall<{ request: Request; bytes: Uint8Array }>) => Promise<Response>;
}

export type RuntimeOperation = JsonOperation | RawOperation | QueryOperation;

/** A JSON operation: a POST of at most RUNTIME_MEMORIES_BODY_LIMIT_BYTES, with no refusals of its own unless it lists them. */
function json<Req extends z.ZodType, Res extends z.ZodType | undefined>(
  row: Omit<JsonOperation<Req, Res>, 'body' | 'method' | 'bodyLimit' | 'errors'> & Partial<Pick<JsonOperation<Req, Res>, 'errors'>>,
): JsonOperation<Req, Res> {
  return { body: 'json', method: 'POST' as const, bodyLimit: RUNTIME_MEMORIES_BODY_LIMIT_BYTES, errors: {}, ...row };
}

/** A fact change's answer: the fact as stored (every change but a delete answers one). */
async function factAnswer(change: Promise<AgentMemory | null>) {
  const fact = await change;
  if (!fact) throw new Error('A fact change answered no fact.');
  return { record: toRuntimeRecord(fact) };
}

/** Refusals every facts:write operation may answer, besides those of every operation. */
const FACT_ERRORS = {
  403:
    'The token lacks `facts:write`, or its creator is no longer an administrator of its organisation (reason `NOT_ADMINISTRATOR`) ' +
    'or is disabled (`WRITER_INACTIVE`), or the fact is at a person’s scope, at `global` or outside the organisation (`SCOPE_OUTSIDE_TENANT`).',
  404: 'No fact with this id in the token’s organisation.',
  409: 'The fact is no longer at `expectedVersion` (`currentVersion` names the one it is at).',
};
const FACT_ACCESS =
  'Needs a token of one organisation with `facts:write`, made by an administrator of it who still is one: ' +
  'each call acts for that person, checked against their grants as they are now, and the audit log names the token and them. ' +
  'Only the organisation’s own scope (`tenant:<ref>`) and its groups: never a person’s scope, never `global`.';

export const RUNTIME_OPERATIONS = {
  list: json({
    path: RUNTIME_PATHS.list,
    summary: 'List the memories at some scopes, or of a person',
    description:
      'Every record at the given scopes, or at the scopes of the person given by `actorRef` (resolved as `scopes/resolve` does). ' +
      'A scope the token’s organisation does not hold — another organisation’s, an unknown kind, a group not defined here, ' +
      'a person not of this organisation — is skipped and named in `ignoredScopes`; the others are answered.',
    permission: 'memories:read',
    request: listRequestSchema,
    success: { status: 200, description: 'The records, by key.', schema: listResponseSchema },
    errors: {
      403: 'The token lacks `memories:read` or belongs to no single organisation, or `actorRef` is not an active person of it (reason `ACTOR_OUTSIDE_TENANT`).',
    },
    // The records' JSON comes from the database in parts (list-runtime-memories.ts); the scopes follow them.
    // A kept answer goes to a client that takes Brotli as Brotli made once for it (kept-brotli.ts).
    serve: async ({ ctx, token, input, acceptEncoding }) => {
      const { records, scopes, ignoredScopes, kept } = await listRuntimeMemories({
        ctx,
        input: { tokenTenantRef: token.tenantRef, ...input },
      });
      const around = { before: '{"records":', after: `,${JSON.stringify({ scopes, ignoredScopes }).slice(1)}` };
      const encodedHeader = encodedAnswerHeader();
      if (kept && encodedHeader && takesBrotli(acceptEncoding)) return brotliJsonResponse(await keptBrotli(kept, around), encodedHeader);
      return jsonPiecesResponse(records(around));
    },
  }),
  resolveScopes: json({
    path: RUNTIME_PATHS.resolveScopes,
    summary: 'Which scopes apply to a person, and the organisation’s limits',
    description:
      'The person’s scope tokens, most specific first: their own, their groups in the configured order, their organisation, `global` — ' +
      'the console’s one resolver, so a runtime needs no copy of who belongs where — with the organisation’s `maxMemories` ' +
      '(per turn) and `maxFactChars`. Cheap enough for every turn; `list` and `search` take `actorRef` to do both in one call.',
    permission: 'memories:read',
    request: resolveScopesRequestSchema,
    success: { status: 200, description: 'The scopes and limits.', schema: resolveScopesResponseSchema },
    errors: {
      403: 'The token lacks `memories:read` or belongs to no single organisation, or `actorRef` is not an active person of it (reason `ACTOR_OUTSIDE_TENANT`).',
    },
    serve: ({ ctx, token, input }) => resolveRuntimeScopes({ ctx, input: { tokenTenantRef: token.tenantRef, actorRef: input.actorRef } }),
  }),
  write: json({
    path: RUNTIME_PATHS.write,
    summary: 'Write a conclusion about the person the assistant runs for',
    description:
      'Writes at `actor:<actorRef>` only, authored by the assistant. The same text again changes nothing (`changed: false`). ' +
      'A key holding the person’s own statement is never replaced (409); the assistant’s conclusions have their own quota (409 `QUOTA_EXCEEDED`). ' +
      '`expiresAt` or `ttlSeconds` sets when it expires (400 naming the field when it is not in the future or more than 10 years out); ' +
      'without either, a new conclusion gets the organisation’s default lifetime, if it has one.',
    permission: 'memories:write',
    request: writeRequestSchema,
    success: { status: 200, description: 'The record as stored, and whether this request changed it.', schema: writeResponseSchema },
    errors: {
      409: 'The key holds the person’s own statement (reason `REPLACES_OWN_STATEMENT`), or the quota is reached (`QUOTA_EXCEEDED`).',
    },
    serve: async ({ ctx, token, input }) => {
      const { record, changed } = await writeRuntimeMemory({ ctx, input: { tokenTenantRef: token.tenantRef, ...input } });
      return { record: toRuntimeRecord(record), changed };
    },
  }),
  forget: json({
    path: RUNTIME_PATHS.forget,
    summary: 'Forget one memory of the person the assistant runs for',
    description:
      'Deletes the assistant’s own conclusion with this id at `actor:<actorRef>`. What the person stated about themselves is theirs ' +
      'to delete in the console (409 `PERSONS_OWN_STATEMENT`). Every forget is in the organisation’s audit log, naming the token.',
    permission: 'memories:write',
    request: forgetRequestSchema,
    success: { status: 204, description: 'Deleted.', schema: undefined },
    errors: {
      404: 'No record with this id at that person’s scope.',
      409: 'The record is the person’s own statement (reason `PERSONS_OWN_STATEMENT`): the assistant forgets only its own conclusions.',
    },
    serve: async ({ ctx, token, input }) => {
      await forgetRuntimeMemory({ ctx, input: { tokenTenantRef: token.tenantRef, tokenId: token.id, ...input } });
    },
  }),
  search: json({
    path: RUNTIME_PATHS.search,
    summary: 'Search the memories at some scopes, or of a person, for a turn’s words',
    description:
      'Takes the scopes as `list` does (skipped ones in `ignoredScopes`), ranks keys by relevance to the turn’s words, keeps the best ' +
      '`limit` keys and returns every record of those keys, best first, then every pinned record at the scopes, with the ranking.',
    permission: 'memories:read',
    request: searchRequestSchema,
    success: { status: 200, description: 'The records and the ranking.', schema: searchResponseSchema },
    errors: {
      403: 'The token lacks `memories:read` or belongs to no single organisation, or `actorRef` is not an active person of it (reason `ACTOR_OUTSIDE_TENANT`).',
    },
    serve: async ({ ctx, token, input }) => {
      const { records, ranking, scopes, ignoredScopes } = await searchRuntimeMemories({
        ctx,
        input: { tokenTenantRef: token.tenantRef, ...input, limit: input.limit === 0 ? MAX_SEARCH_LIMIT : input.limit },
      });
      return { records: records.map(toRuntimeRecord), ranking, scopes, ignoredScopes };
    },
  }),
  events: {
    path: RUNTIME_PATHS.events,
    method: 'POST',
    summary: 'Send diagnostics (memory.resolved, memory.written)',
    description:
      `A JSON array (or NDJSON) of up to ${MAX_EVENTS_PER_BATCH.toLocaleString('en-US')} events, stored whole or not at all. ` +
      'An optional `Idempotency-Key` header makes retries safe.',
    permission: 'events:write',
    bodyLimit: RUNTIME_EVENTS_BODY_LIMIT_BYTES,
    request: eventsRequestSchema,
    success: { status: 202, description: 'Stored.', schema: eventsResponseSchema },
    errors: { 422: 'The `Idempotency-Key` came before with a different body (code `IDEMPOTENCY_KEY_REUSED`); nothing was stored.' },
    body: 'raw',
    ndjson: true,
    sql: 'pool',
    serve: serveEventBatch,
  } satisfies RawOperation<typeof eventsRequestSchema, typeof eventsResponseSchema>,
  changes: {
    path: RUNTIME_PATHS.changes,
    method: 'GET',
    summary: 'What changed since a cursor (memories and people’s scope chains)',
    description:
      'Every memory created, changed or deleted at the organisation’s scopes and `global`, and every change of a person’s ' +
      'groups, since `after`, oldest first, without text: re-read what you cache. No committed change is ever skipped; ' +
      'a change appears once every transaction older than it has ended, so a long transaction delays the feed. ' +
      `Changes are kept ${CHANGE_RETENTION_DAYS} days: an older cursor answers 410, and the reader takes a new cursor and reads everything again.`,
    permission: 'memories:read',
    bodyLimit: 0,
    request: changesRequestSchema,
    success: { status: 200, description: 'The changes and the cursor to pass next.', schema: changesResponseSchema },
    errors: {
      410: `The cursor is older than the ${CHANGE_RETENTION_DAYS} days the feed keeps (code \`CURSOR_EXPIRED\`): read everything again, from a new cursor.`,
    },
    body: 'query',
    serve: async ({ ctx, token, input }) => {
      const result = await readMemoryChanges({
        ctx,
        input: { tokenTenantRef: token.tenantRef, after: input.after, limit: input.limit ?? CHANGES_DEFAULT_LIMIT },
      });
      if (result.expired) {
        return jsonError(
          410,
          'CURSOR_EXPIRED',
          `This cursor is older than the ${CHANGE_RETENTION_DAYS} days the feed keeps. Ask without after for a new cursor, then read everything again.`,
        );
      }
      const { expired: _expired, ...answer } = result;
      return jsonResponse(changesResponseSchema.parse(answer));
    },
  } satisfies QueryOperation<typeof changesRequestSchema, typeof changesResponseSchema>,
  publishFact: json({
    path: RUNTIME_PATHS.publishFact,
    summary: 'Publish a fact for the organisation or one of its groups',
    description:
      'Creates the fact at `scope` and `key`, or replaces its text (the Facts page’s Publish), authored by a person (`human`). ' +
      '`expectedVersion` 0 creates only; the version you saw replaces only that version. ' +
      'Pinning a fact that would leave people with more always-on facts than their budget is refused (409 `PIN_OVER_BUDGET`, with `peopleOver`) ' +
      `unless \`confirmOmissions\` is that number. ${FACT_ACCESS}`,
    permission: 'facts:write',
    request: publishFactRequestSchema,
    success: { status: 200, description: 'The fact as stored.', schema: factResponseSchema },
    errors: {
      ...FACT_ERRORS,
      400: 'The body is not valid, or `scope` is a person’s own scope or `global`: the message names the field and its limit.',
      403: `${FACT_ERRORS[403]} A scope of another organisation and one that exists nowhere answer alike.`,
      409: `${FACT_ERRORS[409]} Or pinning would leave people over their budget (\`PIN_OVER_BUDGET\`, \`peopleOver\`).`,
    },
    serve: ({ ctx, token, input }) => factAnswer(changeRuntimeFact({ ctx, input: { token, action: 'publish', ...input } })),
  }),
  editFact: json({
    path: RUNTIME_PATHS.editFact,
    summary: 'Change a published fact’s text',
    description: `Replaces the text of the fact \`id\` at the version you saw (the Facts page’s Edit); it keeps its scope, key and pin. ${FACT_ACCESS}`,
    permission: 'facts:write',
    request: editFactRequestSchema,
    success: { status: 200, description: 'The fact as stored.', schema: factResponseSchema },
    errors: FACT_ERRORS,
    serve: ({ ctx, token, input }) => factAnswer(changeRuntimeFact({ ctx, input: { token, action: 'edit', ...input } })),
  }),
  pinFact: json({
    path: RUNTIME_PATHS.pinFact,
    summary: 'Pin a published fact: always in the prompt',
    description:
      'Pins the fact `id` at the version you saw. When that would leave people with more always-on facts than their budget, ' +
      `it is refused (409 \`PIN_OVER_BUDGET\`, with \`peopleOver\`) unless \`confirmOmissions\` is that number. ${FACT_ACCESS}`,
    permission: 'facts:write',
    request: pinFactRequestSchema,
    success: { status: 200, description: 'The fact as stored.', schema: factResponseSchema },
    errors: {
      ...FACT_ERRORS,
      409: `${FACT_ERRORS[409]} Or pinning would leave people over their budget (\`PIN_OVER_BUDGET\`, \`peopleOver\`).`,
    },
    serve: ({ ctx, token, input }) => factAnswer(changeRuntimeFact({ ctx, input: { token, action: 'pin', ...input } })),
  }),
  unpinFact: json({
    path: RUNTIME_PATHS.unpinFact,
    summary: 'Unpin a published fact',
    description: `Unpins the fact \`id\` at the version you saw. ${FACT_ACCESS}`,
    permission: 'facts:write',
    request: unpinFactRequestSchema,
    success: { status: 200, description: 'The fact as stored.', schema: factResponseSchema },
    errors: FACT_ERRORS,
    serve: ({ ctx, token, input }) => factAnswer(changeRuntimeFact({ ctx, input: { token, action: 'unpin', ...input } })),
  }),
  deleteFact: json({
    path: RUNTIME_PATHS.deleteFact,
    summary: 'Delete a published fact',
    description: `Deletes the fact \`id\` at the version you saw (the audit row keeps what it was, so it can be undone on the Audit page). ${FACT_ACCESS}`,
    permission: 'facts:write',
    request: deleteFactRequestSchema,
    success: { status: 204, description: 'Deleted.', schema: undefined },
    errors: FACT_ERRORS,
    serve: async ({ ctx, token, input }) => {
      await changeRuntimeFact({ ctx, input: { token, action: 'delete', ...input } });
    },
  }),
} as const;

export type RuntimeOperationName = keyof typeof RUNTIME_OPERATIONS;
