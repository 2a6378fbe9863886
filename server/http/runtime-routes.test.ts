// The runtime API's routes come from its operations table (server/runtime/operations.ts): every
// operation is served at the path the table (and so the OpenAPI document) gives it, by a route file
// Next has there, and a path no operation has is answered 404 naming those there are.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../db/generated/client';
import { RUNTIME_OPERATIONS } from '../runtime/operations';
import { runtimeFactsRoute, runtimeMemoriesRoute } from './runtime-routes';

/** The route files that serve several operations, each under `<prefix><action>`. */
const SHARED = [
  {
    prefix: '/api/runtime/memories/',
    file: 'app/api/runtime/memories/[action]/route.ts',
    name: 'runtimeMemoriesRoute',
    route: runtimeMemoriesRoute,
  },
  { prefix: '/api/runtime/facts/', file: 'app/api/runtime/facts/[action]/route.ts', name: 'runtimeFactsRoute', route: runtimeFactsRoute },
];

// No token: every route refuses at once, before any statement, so no database is needed.
const context = { prisma: {} as PrismaClient };
const post = (url: string) => new Request(`http://localhost${url}`, { method: 'POST', body: '{}' });

describe('the runtime routes', () => {
  it.each(Object.entries(RUNTIME_OPERATIONS))('serve %s at its path, asking for a token', async (name, operation) => {
    const own = path.join('app', operation.path, 'route.ts');
    if (existsSync(own)) {
      expect(readFileSync(own, 'utf8')).toContain(`export const ${operation.method} = nextRoute(RUNTIME_ROUTES.${name});`);
      return;
    }
    const shared = SHARED.find(({ prefix }) => operation.path.startsWith(prefix));
    expect(shared, `${operation.path} has no route file`).toBeDefined();
    expect(readFileSync(path.join(shared!.file), 'utf8')).toContain(`export const ${operation.method} = nextRoute(${shared!.name});`);
    const action = operation.path.slice(shared!.prefix.length);
    const response = await shared!.route(post(operation.path), context, { action });
    expect(response.status).toBe(401);
  });

  it('answer 404 naming the operations to a name no operation has', async () => {
    const response = await runtimeMemoriesRoute(post('/api/runtime/memories/delete'), context, { action: 'delete' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'The runtime API has list, write, forget and search.' } });
    const facts = await runtimeFactsRoute(post('/api/runtime/facts/write'), context, { action: 'write' });
    expect(facts.status).toBe(404);
    expect(await facts.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'The runtime API has publish, edit, pin, unpin and delete.' },
    });
  });
});
