// Calls of the runtime API for tests: through the real route, every answer checked against the
// OpenAPI document (runtime-contract.ts) before the test sees it.
import { RUNTIME_ROUTES } from '../http/runtime-routes';
import { RUNTIME_OPERATIONS, type RuntimeOperationName } from '../runtime/operations';
import { expectContract } from './runtime-contract';
import { bearer } from './runtime-tokens';
import { SEED_NOW, type SeededDatabase } from './seeded-database';

export interface RuntimeAnswer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
}

export async function callRuntime(
  db: SeededDatabase,
  secret: string | null,
  action: RuntimeOperationName,
  body: unknown,
): Promise<RuntimeAnswer> {
  const { path, method } = RUNTIME_OPERATIONS[action];
  // A GET carries its input as the query: `body` is then its parameters (a string: the query as is).
  const request =
    method === 'GET'
      ? bearer(secret, {
          url: `http://localhost${path}${typeof body === 'string' ? body : `?${new URLSearchParams(body as Record<string, string>)}`}`,
        })
      : bearer(secret, { url: `http://localhost${path}`, method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  const response = await RUNTIME_ROUTES[action](request, {
    prisma: db.prisma,
    allowedOrigin: 'http://localhost',
    deps: { now: () => SEED_NOW },
  });
  return { status: response.status, body: await expectContract(path, response) };
}
