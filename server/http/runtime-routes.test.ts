// The runtime API's routes come from its operations table (server/runtime/operations.ts): every
// operation is served at the path the table (and so the OpenAPI document) gives it, by a route file
// Next has there, and a path no operation has is answered 404 naming those there are.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../db/generated/client';
import { RUNTIME_OPERATIONS } from '../runtime/operations';
import { runtimeMemoriesRoute } from './runtime-routes';

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
    expect(operation.path).toBe(`/api/runtime/memories/${name}`);
    expect(readFileSync(path.join('app/api/runtime/memories/[action]/route.ts'), 'utf8')).toContain(
      `export const ${operation.method} = nextRoute(runtimeMemoriesRoute);`,
    );
    const response = await runtimeMemoriesRoute(post(operation.path), context, { action: name });
    expect(response.status).toBe(401);
  });

  it('answer 404 naming the operations to a name no operation has', async () => {
    const response = await runtimeMemoriesRoute(post('/api/runtime/memories/delete'), context, { action: 'delete' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'The runtime API has list, write, forget and search.' } });
  });
});
