// The OpenAPI 3.1 document of the runtime API, served at /api/runtime/openapi.json and rendered at
// /docs/runtime-api (docs/runtime-api.md "The runtime's memory API"). Every schema in it is
// generated from the Zod schemas the handlers validate with, so the document cannot drift from the
// code.
import { z } from 'zod';
import {
  errorResponseSchema,
  eventsRequestSchema,
  eventsResponseSchema,
  forgetRequestSchema,
  listRequestSchema,
  listResponseSchema,
  RUNTIME_PATHS,
  searchRequestSchema,
  searchResponseSchema,
  writeRequestSchema,
  writeResponseSchema,
} from './schemas';

type JsonSchema = Record<string, unknown>;

/** A Zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as sent (`input`) or answered (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}

interface Operation {
  path: string;
  summary: string;
  description: string;
  permission: string;
  request: z.ZodType;
  success: { status: number; description: string; schema?: z.ZodType };
  /** Refusals besides those of every operation (400, 401, 403, 413, 429, 500). */
  errors: Record<number, string>;
  /** Also takes one JSON item per line (`application/x-ndjson`). */
  ndjson?: boolean;
}

export const RUNTIME_OPERATIONS: Operation[] = [
  {
    path: RUNTIME_PATHS.list,
    summary: 'List the memories at some scopes',
    description: 'Every record at the given scopes. Each scope must belong to the token’s organisation or be `global`; otherwise 403 naming the scope, and nothing is returned.',
    permission: 'memories:read',
    request: listRequestSchema,
    success: { status: 200, description: 'The records, by key.', schema: listResponseSchema },
    errors: {},
  },
  {
    path: RUNTIME_PATHS.write,
    summary: 'Write a conclusion about the person the assistant runs for',
    description:
      'Writes at `actor:<actorRef>` only, authored by the assistant. The same text again changes nothing (`changed: false`). ' +
      'A key holding the person’s own statement is never replaced (409); the assistant’s conclusions have their own quota (409 `QUOTA_EXCEEDED`).',
    permission: 'memories:write',
    request: writeRequestSchema,
    success: { status: 200, description: 'The record as stored, and whether this request changed it.', schema: writeResponseSchema },
    errors: { 409: 'The key holds the person’s own statement (reason `REPLACES_OWN_STATEMENT`), or the quota is reached (`QUOTA_EXCEEDED`).' },
  },
  {
    path: RUNTIME_PATHS.forget,
    summary: 'Forget one memory of the person the assistant runs for',
    description:
      'Deletes the assistant’s own conclusion with this id at `actor:<actorRef>`. What the person stated about themselves is theirs ' +
      'to delete in the console (409 `PERSONS_OWN_STATEMENT`). Every forget is in the organisation’s audit log, naming the token.',
    permission: 'memories:write',
    request: forgetRequestSchema,
    success: { status: 204, description: 'Deleted.' },
    errors: {
      404: 'No record with this id at that person’s scope.',
      409: 'The record is the person’s own statement (reason `PERSONS_OWN_STATEMENT`): the assistant forgets only its own conclusions.',
    },
  },
  {
    path: RUNTIME_PATHS.search,
    summary: 'Search the memories at some scopes by relevance',
    description:
      'Filters to the scopes first, ranks keys by full-text relevance, keeps the best `limit` keys and returns every record of those keys ' +
      'plus every pinned record at the scopes, with the ranking (keys, best first).',
    permission: 'memories:read',
    request: searchRequestSchema,
    success: { status: 200, description: 'The records and the ranking.', schema: searchResponseSchema },
    errors: {},
  },
  {
    path: RUNTIME_PATHS.events,
    summary: 'Send diagnostics (memory.resolved, memory.written)',
    description: 'A JSON array (or NDJSON) of up to 5,000 events, stored whole or not at all. An optional `Idempotency-Key` header makes retries safe.',
    permission: 'events:write',
    request: eventsRequestSchema,
    success: { status: 202, description: 'Stored.', schema: eventsResponseSchema },
    errors: { 422: 'The `Idempotency-Key` came before with a different body (code `IDEMPOTENCY_KEY_REUSED`); nothing was stored.' },
    ndjson: true,
  },
];

const COMMON_ERRORS: Record<number, string> = {
  400: 'The body is not valid: the message names the field and its limit.',
  401: 'No API token, or an unknown or revoked one.',
  403: 'The token lacks the permission, or a scope or person is outside its organisation.',
  413: 'The body is too large.',
  429: 'The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds.',
  500: 'An unexpected failure; the answer carries a reference id.',
};

function operationObject(operation: Operation, errorRef: JsonSchema) {
  const { success } = operation;
  const errors = { ...COMMON_ERRORS, ...operation.errors };
  return {
    summary: operation.summary,
    description: `${operation.description}\n\nNeeds a token with \`${operation.permission}\`.`,
    operationId: operation.path.split('/').at(-1),
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: jsonSchemaOf(operation.request, 'input') },
        ...(operation.ndjson ? { 'application/x-ndjson': { schema: { type: 'string', description: 'One event of the array per line.' } } } : {}),
      },
    },
    responses: {
      [success.status]: {
        description: success.description,
        ...(success.schema ? { content: { 'application/json': { schema: jsonSchemaOf(success.schema, 'output') } } } : {}),
      },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [status, { description, content: { 'application/json': { schema: errorRef } } }]),
      ),
    },
  };
}

export function runtimeOpenApiDocument() {
  const errorRef = { $ref: '#/components/schemas/Error' };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Memory Console runtime API',
      version: '1.0.0',
      description: 'What the assistant runtime uses as its memory store. Every request carries `Authorization: Bearer <token>` of one organisation.',
    },
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token made on the console’s Tokens page.' } },
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output') },
    },
    paths: Object.fromEntries(RUNTIME_OPERATIONS.map((operation) => [operation.path, { post: operationObject(operation, errorRef) }])),
  };
}

export type RuntimeOpenApiDocument = ReturnType<typeof runtimeOpenApiDocument>;
