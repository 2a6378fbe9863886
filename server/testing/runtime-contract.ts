// The contract check of the runtime API: an answer must be one the OpenAPI document lists for its
// operation (status and, for JSON, body). Tests route every response they get through it.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { expect } from 'vitest';
import { runtimeOpenApiDocument } from '../runtime/openapi';

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
