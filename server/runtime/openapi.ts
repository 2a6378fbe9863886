// The OpenAPI 3.1 document of the runtime API, served at /api/runtime/openapi.json and rendered at
// /docs/runtime-api (docs/runtime-api.md "The runtime's memory API"). It is generated from the operations table
// the route handlers are made from (operations.ts), and every schema in it from the Zod schemas
// they validate with, so the document cannot drift from the code.
import { z } from 'zod';
import { RUNTIME_OPERATIONS, type RuntimeOperation } from './operations';
import { errorResponseSchema } from './schemas';

type JsonSchema = Record<string, unknown>;

/** A Zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as sent (`input`) or answered (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}

const COMMON_ERRORS: Record<number, string> = {
  400: 'The body is not valid: the message names the field and its limit.',
  401: 'No API token, or an unknown or revoked one.',
  403: 'The token lacks the permission, or a scope or person is outside its organisation.',
  413: 'The body is too large.',
  429: 'The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds.',
  500: 'An unexpected failure; the answer carries a reference id.',
};

/** A GET's query parameters, one per property of its (object) schema, as sent. */
function queryParameters(schema: z.ZodType) {
  const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema & { description?: string };
    return { name, in: 'query', required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}

function operationObject(name: string, operation: RuntimeOperation, errorRef: JsonSchema) {
  const { success } = operation;
  const errors = { ...COMMON_ERRORS, ...operation.errors };
  const input =
    operation.body === 'query'
      ? { parameters: queryParameters(operation.request) }
      : {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchemaOf(operation.request, 'input') },
              ...(operation.body === 'raw' && operation.ndjson
                ? { 'application/x-ndjson': { schema: { type: 'string', description: 'One event of the array per line.' } } }
                : {}),
            },
          },
        };
  return {
    summary: operation.summary,
    description: `${operation.description}\n\nNeeds a token with \`${operation.permission}\`.`,
    operationId: name,
    ...input,
    responses: {
      [success.status]: {
        description: success.description,
        ...(success.schema ? { content: { 'application/json': { schema: jsonSchemaOf(success.schema, 'output') } } } : {}),
      },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [
          status,
          { description, content: { 'application/json': { schema: errorRef } } },
        ]),
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
      description:
        'What the assistant runtime uses as its memory store. Every request carries `Authorization: Bearer <token>` of one organisation.',
    },
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token made on the console’s Tokens page.' } },
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output') },
    },
    paths: Object.fromEntries(
      Object.entries<RuntimeOperation>(RUNTIME_OPERATIONS).map(([name, operation]) => [
        operation.path,
        { [operation.method.toLowerCase() as Lowercase<RuntimeOperation['method']>]: operationObject(name, operation, errorRef) },
      ]),
    ),
  };
}

export type RuntimeOpenApiDocument = ReturnType<typeof runtimeOpenApiDocument>;
