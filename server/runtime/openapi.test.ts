// The OpenAPI document is generated from the Zod schemas the handlers validate with: these checks
// prove it describes every operation (the events endpoint included) and that its schemas accept
// and refuse what the handlers accept and refuse.
import { Ajv2020 } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { REFUSAL_REASONS } from '../domain';
import { runtimeOpenApiDocument } from './openapi';
import { RUNTIME_PATHS } from './schemas';

const document = runtimeOpenApiDocument();
const ajv = new Ajv2020({ strict: false, validateFormats: false });

function requestValidator(path: string) {
  const operation = (
    document.paths as unknown as Record<string, { post: { requestBody: { content: { 'application/json': { schema: object } } } } }>
  )[path]!;
  return ajv.compile(operation.post.requestBody.content['application/json'].schema);
}

describe('the runtime OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every runtime operation, the events endpoint included', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(Object.values(RUNTIME_PATHS).sort());
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('names only refusal reasons a refusal can carry', () => {
    const named = [...JSON.stringify(document).matchAll(/reason `([A-Z_]+)`/g)].map((match) => match[1]);
    expect(named).toEqual(expect.arrayContaining(['PERSONS_OWN_STATEMENT', 'REPLACES_OWN_STATEMENT']));
    expect(named.filter((reason) => !(REFUSAL_REASONS as readonly string[]).includes(reason!))).toEqual([]);
  });

  it('refuses unknown fields in a write, as the handler does', () => {
    const validate = requestValidator(RUNTIME_PATHS.write);
    expect(validate({ actorRef: 'u1', key: 'coffee', fact: 'Drinks tea.' })).toBe(true);
    expect(validate({ actorRef: 'u1', key: 'coffee', fact: 'Drinks tea.', scope: 'global' })).toBe(false);
  });

  it('carries the limits of the schemas', () => {
    const validate = requestValidator(RUNTIME_PATHS.search);
    expect(validate({ scopes: ['global'], query: 'tea', limit: 200 })).toBe(true);
    expect(validate({ scopes: ['global'], query: 'tea', limit: 201 })).toBe(false);
    expect(validate({ scopes: [], query: 'tea', limit: 1 })).toBe(false);
  });

  it('describes the events endpoint’s body from its own schema', () => {
    const validate = requestValidator(RUNTIME_PATHS.events);
    const written = { type: 'memory.written', at: '2026-11-30T12:00:00Z', tenantRef: 'berlin', scope: 'actor:u1', chars: 3 };
    expect(validate([written])).toBe(true);
    expect(validate([{ ...written, text: 'no content allowed' }])).toBe(false);
  });
});
