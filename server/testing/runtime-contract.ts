// The contract check of the runtime API: an answer must be one the OpenAPI document lists for its
// operation (status and, for JSON, body). Tests route every response they get through it.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { expect } from 'vitest';
import type { RouteContext } from '../http/route';
import { RUNTIME_ROUTES } from '../http/runtime-routes';
import { runtimeOpenApiDocument } from '../runtime/openapi';
import { RUNTIME_OPERATIONS, type RuntimeOperationName } from '../runtime/operations';

const document = runtimeOpenApiDocument();
// Formats stay unchecked: the generated schemas carry a pattern for each date-time.
const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi');
const validators = new Map<string, ValidateFunction>();

type Responses = Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>;

function validatorFor(path: string, status: number): ValidateFunction | null {
  const id = `${path} ${status}`;
  if (validators.has(id)) return validators.get(id)!;
  // Each path has one operation, under its method (post, or get for the changes feed).
  const pathItem = (document.paths as Record<string, Record<string, { responses: Responses }>>)[path];
  const responses = pathItem ? Object.values(pathItem)[0]?.responses : undefined;
  expect(responses, `${path} is not in the OpenAPI document`).toBeDefined();
  const answer = responses![String(status)];
  expect(answer, `${path} answered ${status}, which the OpenAPI document does not list`).toBeDefined();
  const schema = answer!.content?.['application/json'].schema;
  if (!schema) return null;
  // The shared Error schema is referenced from the document's components.
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
  validators.set(id, validate);
  return validate;
}

/** Asserts the answer matches the document, and hands back its JSON body (null for none). */
export async function expectContract(path: string, response: Response): Promise<unknown> {
  const validate = validatorFor(path, response.status);
  const text = await response.clone().text();
  if (!validate) {
    expect(text, `${path} ${response.status} should have no body`).toBe('');
    return null;
  }
  const body: unknown = JSON.parse(text);
  expect(validate(body), `${path} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return body;
}

/**
 * A fetch that answers in process from the runtime routes, each answer checked against the
 * document: what the client package's tests hand to `createRuntimeClient`. `context` is read at
 * each call (a seeded database is open only inside hooks and tests).
 */
export function contractFetch(context: () => RouteContext): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const [name] = Object.entries(RUNTIME_OPERATIONS).find(([, operation]) => operation.path === path) ?? [];
    if (!name) throw new Error(`the client called ${path}, which no operation has`);
    const response = await RUNTIME_ROUTES[name as RuntimeOperationName](request, context());
    await expectContract(path, response);
    return response;
  };
}
