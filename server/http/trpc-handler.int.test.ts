// The tRPC endpoint's edge (docs/security.md): batch cap, body cap, foreign-Origin refusal,
// through the same handler the Next route uses, against a real database.
import { describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '../api/limits';
import { createContextInner } from '../api/trpc';
import { loadSessionViewer } from '../auth/viewer';
import { useSeededDatabase } from '../testing/seeded-database';
import { CONSOLE_BODY_LIMIT_BYTES } from './body-limit';
import { trpcRoute } from './trpc-handler';

const db = useSeededDatabase();

const OWN_ORIGIN = 'http://localhost:3000';
const ALICE = 'alice@example.com';

interface ErrorShape {
  message: string;
  data: { code: string; httpStatus: number };
}

async function send(email: string | null, path: string, init: RequestInit = {}): Promise<Response> {
  const session = email ? await db.sessionOf(email) : null;
  return trpcRoute(() => createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } }))(
    new Request(`${OWN_ORIGIN}/api/trpc/${path}`, init),
    { allowedOrigin: OWN_ORIGIN },
  );
}

function errorsOf(body: unknown): ErrorShape[] {
  const envelopes = (Array.isArray(body) ? body : [body]) as { error: ErrorShape }[];
  return envelopes.map((envelope) => envelope.error);
}

/** A batched save of `count` facts, as httpBatchLink sends it. */
function batchedSaves(count: number, prefix: string, headers: Record<string, string> = {}) {
  const inputs = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [index, { key: `${prefix}-${index}`, text: 'Batched fact.' }]),
  );
  const path = Array.from({ length: count }, () => 'memories.save').join(',');
  return {
    path: `${path}?batch=1`,
    init: { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(inputs) },
  };
}

async function countKeys(prefix: string): Promise<number> {
  return db.prisma.agentMemory.count({ where: { key: { startsWith: prefix } } });
}

describe('tRPC batch cap', () => {
  it(`answers 400 naming the limit to a batch of ${TRPC_MAX_BATCH_SIZE + 1} calls, and writes nothing`, async () => {
    const { path, init } = batchedSaves(TRPC_MAX_BATCH_SIZE + 1, 'batch-over');
    const response = await send(ALICE, path, init);
    expect(response.status).toBe(400);
    const [error] = errorsOf(await response.json());
    expect(error!.data.code).toBe('BAD_REQUEST');
    expect(error!.message).toContain(`at most ${TRPC_MAX_BATCH_SIZE} calls`);
    expect(await countKeys('batch-over')).toBe(0);
  });

  it('refuses a thousand-call batch of reads the same way, before running any', async () => {
    const path = Array.from({ length: 1000 }, () => 'memories.list').join(',');
    const response = await send(ALICE, `${path}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(response.status).toBe(400);
  });

  it(`runs a batch of exactly ${TRPC_MAX_BATCH_SIZE} calls`, async () => {
    const { path, init } = batchedSaves(TRPC_MAX_BATCH_SIZE, 'batch-full');
    const response = await send(ALICE, path, init);
    expect(response.status).toBe(200);
    expect(await countKeys('batch-full')).toBe(TRPC_MAX_BATCH_SIZE);
  });
});

describe('tRPC body cap', () => {
  const oversized = () => JSON.stringify({ key: 'too-big', text: 'x'.repeat(CONSOLE_BODY_LIMIT_BYTES) });

  it('answers 413 naming the limit to a body over 64 kB, and writes nothing', async () => {
    const response = await send(ALICE, 'memories.save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: oversized(),
    });
    expect(response.status).toBe(413);
    const [error] = errorsOf(await response.json());
    expect(error!.data.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error!.message).toContain('64 kB');
    expect(await countKeys('too-big')).toBe(0);
  });

  it('counts the bytes of a streamed body that declares no length', async () => {
    const bytes = new TextEncoder().encode(oversized());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 8192) controller.enqueue(bytes.slice(offset, offset + 8192));
        controller.close();
      },
    });
    const response = await send(ALICE, 'memories.save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await countKeys('too-big')).toBe(0);
  });

  it('accepts a body just under the limit and lets validation answer', async () => {
    const body = JSON.stringify({ key: 'long-text', text: 'y'.repeat(CONSOLE_BODY_LIMIT_BYTES - 200) });
    expect(body.length).toBeLessThanOrEqual(CONSOLE_BODY_LIMIT_BYTES);
    const response = await send(ALICE, 'memories.save', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(400);
    const [error] = errorsOf(await response.json());
    expect(error!.data.code).toBe('BAD_REQUEST');
  });
});

describe('tRPC Origin rule', () => {
  const save = (key: string, origin?: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify({ key, text: 'Stated over HTTP.' }),
  });

  it.each(['https://evil.example', 'null', 'http://localhost:3001'])(
    'refuses a mutation from Origin %s with 403 and writes nothing',
    async (origin) => {
      const response = await send(ALICE, 'memories.save', save('cross-site', origin));
      expect(response.status).toBe(403);
      const [error] = errorsOf(await response.json());
      expect(error!.data.code).toBe('FORBIDDEN');
      expect(error!.message).toContain('another site');
      expect(await countKeys('cross-site')).toBe(0);
    },
  );

  it('refuses every call of a foreign batch', async () => {
    const { path, init } = batchedSaves(2, 'cross-batch', { origin: 'https://evil.example' });
    const response = await send(ALICE, path, init);
    expect(response.status).toBe(403);
    expect(errorsOf(await response.json()).map((error) => error.data.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect(await countKeys('cross-batch')).toBe(0);
  });

  it('accepts the console’s own Origin', async () => {
    const response = await send(ALICE, 'memories.save', save('same-site', OWN_ORIGIN));
    expect(response.status).toBe(200);
    expect(await countKeys('same-site')).toBe(1);
  });

  it('judges a request without Origin by its credentials alone', async () => {
    expect((await send(null, 'memories.save', save('no-origin-out'))).status).toBe(401);
    expect(await countKeys('no-origin-out')).toBe(0);
    expect((await send(ALICE, 'memories.save', save('no-origin-in'))).status).toBe(200);
    expect(await countKeys('no-origin-in')).toBe(1);
  });

  it('lets reads through whatever their Origin: a foreign page cannot read the answer', async () => {
    const response = await send(ALICE, `memories.list?input=${encodeURIComponent(JSON.stringify({}))}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  });
});

describe('the viewer of a request', () => {
  it('is loaded once for a whole batch, not once per procedure', async () => {
    const session = await db.sessionOf(ALICE);
    let loads = 0;
    const route = trpcRoute(() =>
      createContextInner({
        session,
        db: db.prisma,
        deps: { now: db.ctx.now },
        loadViewer: (service, identity) => {
          loads += 1;
          return loadSessionViewer(service, identity);
        },
      }),
    );
    const response = await route(
      new Request(`${OWN_ORIGIN}/api/trpc/viewer.me,memories.list,account.sessions?batch=1&input=${encodeURIComponent('{}')}`),
      { allowedOrigin: OWN_ORIGIN },
    );
    expect(response.status).toBe(200);
    const results = (await response.json()) as { result?: unknown }[];
    expect(results).toHaveLength(3);
    expect(results.every((result) => result.result !== undefined)).toBe(true);
    expect(loads).toBe(1);
  });
});
