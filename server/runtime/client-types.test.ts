// The client package's types are what openapi-typescript makes of the OpenAPI document the console
// serves now: a change of an operation's schema without `npm run client:generate` fails here.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_PATH, generateClientTypes } from '../../scripts/client-types';

describe('packages/client/src/openapi-types.ts', () => {
  it('is what the served OpenAPI document generates (run `npm run client:generate` after changing an operation)', async () => {
    const committed = await readFile(CLIENT_TYPES_PATH, 'utf8');
    const generated = await generateClientTypes();
    expect(committed === generated, 'packages/client/src/openapi-types.ts is stale: run `npm run client:generate`').toBe(true);
  });

  it('covers every runtime endpoint', async () => {
    const generated = await generateClientTypes();
    for (const path of [
      '/api/runtime/scopes/resolve',
      '/api/runtime/memories/list',
      '/api/runtime/memories/search',
      '/api/runtime/memories/write',
      '/api/runtime/memories/forget',
      '/api/runtime/events',
      '/api/runtime/changes',
    ]) {
      expect(generated).toContain(`"${path}": {`);
    }
  });
});
