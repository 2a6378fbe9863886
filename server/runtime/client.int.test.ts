// The typed client against the real handlers: every call goes through a fetch that serves the
// console's own handlers, and every answer is checked against the OpenAPI document, so the
// client's paths, bodies and parsing agree with what the document promises.
import { beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_ROUTES } from '../http/runtime-routes';
import { expectContract } from '../testing/runtime-contract';
import { tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { createRuntimeClient, RuntimeApiError, type RuntimeClient } from './client';
import { RUNTIME_OPERATIONS, type RuntimeOperationName } from './operations';

const db = useSeededDatabase();
let client: RuntimeClient;

async function serve(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  const [name] = Object.entries(RUNTIME_OPERATIONS).find(([, operation]) => operation.path === path) ?? [];
  if (!name) throw new Error(`the client called ${path}, which no operation has`);
  const response = await RUNTIME_ROUTES[name as RuntimeOperationName](request, {
    prisma: db.prisma,
    allowedOrigin: 'http://console.test',
    deps: { now: () => SEED_NOW },
  });
  await expectContract(path, response);
  return response;
}

beforeAll(async () => {
  const token = await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write', 'events:write']);
  client = createRuntimeClient({ baseUrl: 'http://console.test', token: token.secret, fetch: serve });
});

describe('the runtime client', () => {
  it('writes, lists, searches and forgets with typed answers', async () => {
    const written = await client.write({ actorRef: 'u1', key: 'desk', fact: 'Sits at desk 14 by the window.' });
    expect(written).toMatchObject({ changed: true, record: { scope: 'actor:u1', author: 'agent', version: 1 } });
    const listed = await client.list({ scopes: ['actor:u1', 'tenant:berlin', 'global'] });
    expect(listed.records.map((record) => record.key)).toContain('desk');
    const found = await client.search({ scopes: ['actor:u1', 'global'], query: 'window desk', limit: 3 });
    expect(found.ranking).toEqual(['desk']);
    await client.forget({ actorRef: 'u1', id: written.record.id });
    expect((await client.list({ scopes: ['actor:u1'] })).records.map((record) => record.key)).not.toContain('desk');
  });

  it('sends diagnostics', async () => {
    const event = { type: 'memory.written' as const, at: SEED_NOW.toISOString(), tenantRef: 'berlin', scope: 'actor:u1', chars: 20 };
    expect(await client.sendEvents([event], { idempotencyKey: 'client-test-1' })).toEqual({ accepted: 1, resolved: 0, written: 1 });
  });

  it('throws the server’s refusal with its status, code and reason', async () => {
    const refusal = client.list({ actorRef: 'h1' });
    await expect(refusal).rejects.toBeInstanceOf(RuntimeApiError);
    await expect(refusal).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'ACTOR_OUTSIDE_TENANT' });
    await expect(client.write({ actorRef: 'u1', key: 'team', fact: 'Works in sales.' })).rejects.toMatchObject({
      status: 409,
      reason: 'REPLACES_OWN_STATEMENT',
    });
  });
});
