// Calls of the runtime memory API for tests: through the real handler, every answer checked
// against the OpenAPI document (runtime-contract.ts) before the test sees it.
import { handleRuntimeMemories, type RuntimeMemoryAction } from '../http/runtime-memories';
import { RUNTIME_PATHS } from '../runtime/schemas';
import { expectContract } from './runtime-contract';
import { bearer } from './runtime-tokens';
import { SEED_NOW, type SeededDatabase } from './seeded-database';

export interface RuntimeAnswer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
}

export async function callRuntime(db: SeededDatabase, secret: string | null, action: RuntimeMemoryAction, body: unknown): Promise<RuntimeAnswer> {
  const request = bearer(secret, {
    url: `http://localhost${RUNTIME_PATHS[action]}`,
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const response = await handleRuntimeMemories(action, request, { prisma: db.prisma, allowedOrigin: 'http://localhost', deps: { now: () => SEED_NOW } });
  return { status: response.status, body: await expectContract(RUNTIME_PATHS[action], response) };
}
