// Inputs built to make an error answer huge — thousands of problems, long or escaped names — get
// answers of at most 64 kB on each transport (server/errors/error-bounds.ts): tRPC, whose batch of
// ten failed calls is one answer, and the REST routes.
import { beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '../api/limits';
import { createContextInner } from '../api/trpc';
import { MAX_ERROR_BODY_BYTES, MAX_LISTED_PROBLEMS } from '../errors/error-bounds';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { RUNTIME_MEMORIES_BODY_LIMIT_BYTES } from '../runtime/operations';
import { RUNTIME_ROUTES } from './runtime-routes';
import { trpcRoute } from './trpc-handler';

const db = useSeededDatabase();
const ORIGIN = 'http://localhost:3000';

interface TrpcError {
  message: string;
  data: { code: string; path?: string; zodError: { formErrors: string[]; fieldErrors: Record<string, string[]> } | null };
}

async function trpc(email: string, path: string, body?: string): Promise<{ status: number; bytes: number; errors: TrpcError[] }> {
  const session = await db.sessionOf(email);
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body };
  const response = await trpcRoute(() => createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } }))(
    new Request(`${ORIGIN}/api/trpc/${path}`, init),
    { allowedOrigin: ORIGIN },
  );
  const text = await response.text();
  const envelopes = JSON.parse(text) as { error: TrpcError }[] | { error: TrpcError };
  return {
    status: response.status,
    bytes: Buffer.byteLength(text),
    errors: (Array.isArray(envelopes) ? envelopes : [envelopes]).map((each) => each.error),
  };
}

describe('tRPC error answers', () => {
  it(`stay under 64 kB for a full batch of calls with ${200} input problems each, listing ${MAX_LISTED_PROBLEMS} of each`, async () => {
    const input = { key: 'k', text: 't', targetScope: 'tenant:berlin', sourceIds: Array.from({ length: 200 }, () => 0) };
    const inputs = Object.fromEntries(Array.from({ length: TRPC_MAX_BATCH_SIZE }, (_, index) => [index, input]));
    const path = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => 'review.promote').join(',');
    const answer = await trpc('bob@example.com', `${path}?batch=1`, JSON.stringify(inputs));
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(answer.errors).toHaveLength(TRPC_MAX_BATCH_SIZE);
    for (const error of answer.errors) {
      expect(error.data.code).toBe('BAD_REQUEST');
      expect(error.data.zodError!.fieldErrors.sourceIds).toHaveLength(MAX_LISTED_PROBLEMS);
      expect(error.message).toMatch(/^sourceIds\.0: Invalid input: expected string, received number; sourceIds\.1: .* \(and 180 more\)$/);
    }
  });

  it('stay under 64 kB for a full batch of unknown procedures with long, escaped names', async () => {
    const path = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => '%01'.repeat(3_000)).join(',');
    const answer = await trpc('alice@example.com', `${path}?batch=1&input=%7B%7D`);
    expect(answer.status).toBe(404);
    expect(answer.bytes).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(answer.errors.every((error) => error.data.path!.endsWith('…'))).toBe(true);
  });
});

describe('REST error answers', () => {
  let berlin: string;

  beforeAll(async () => {
    berlin = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
  });

  it('stay under 64 kB for a body of thousands of unknown fields, naming the first and counting the rest', async () => {
    const fields: string[] = [];
    let body = '{"actorRef":"u1","key":"k","fact":"f"';
    for (let index = 0; body.length < RUNTIME_MEMORIES_BODY_LIMIT_BYTES - 20; index++) {
      fields.push(`\\u0001${index.toString(36)}`);
      body += `,"${fields.at(-1)}":0`;
    }
    const response = await RUNTIME_ROUTES.write(
      bearer(berlin, { url: 'http://localhost/api/runtime/memories/write', method: 'POST', body: `${body}}` }),
      {
        prisma: db.prisma,
        allowedOrigin: 'http://localhost',
        deps: { now: () => SEED_NOW },
      },
    );
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect((JSON.parse(text) as { error: { message: string } }).error.message).toMatch(/^body: Unrecognized keys: .*…$/);
  });
});
