// Errors (docs/security.md "Errors"): an unexpected failure — here a database missing a table —
// answers the route's usual error shape with a plain message and a reference id that is also in the
// server log, never the database's or Prisma's text.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContextInner } from '../api/trpc';
import type { SessionLike } from '../api/trpc';
import { INTERNAL_ERROR_MESSAGE } from '../errors/unexpected-error';
import { useSeededDatabase } from '../testing/seeded-database';
import { handleListAgentMemories } from './agent-memories';
import { route } from './route';
import { trpcRoute } from './trpc-handler';

const db = useSeededDatabase();
let alice: SessionLike;
beforeAll(async () => {
  alice = await db.sessionOf('alice@example.com');
  // The memories table is gone: every listing fails inside Prisma with the table's name in the text.
  await db.prisma.$executeRawUnsafe('ALTER TABLE "agent_memory" RENAME TO "agent_memory_gone"');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const LEAKS = /agent_memory|prisma|relation|does not exist|invalid `|SELECT|table/i;

/** console.error calls captured, and the text of all of them together. */
function captureLog() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return {
    spy,
    text: () =>
      spy.mock.calls.map((args) => args.map((arg) => (arg instanceof Error ? `${arg.message}` : String(arg))).join(' ')).join('\n'),
  };
}

describe('unexpected errors over tRPC', () => {
  it('answer INTERNAL_SERVER_ERROR with a plain message and the logged reference id', async () => {
    const log = captureLog();
    const response = await trpcRoute(() => createContextInner({ session: alice, db: db.prisma, deps: { now: db.ctx.now } }))(
      new Request(`http://localhost:3000/api/trpc/memories.list?input=${encodeURIComponent(JSON.stringify({}))}`),
      { allowedOrigin: 'http://localhost:3000' },
    );

    expect(response.status).toBe(500);
    const raw = await response.text();
    expect(raw).not.toMatch(LEAKS);
    const error = (JSON.parse(raw) as { error: { message: string; data: { code: string; referenceId: string; stack?: string } } }).error;
    expect(error.message).toBe(INTERNAL_ERROR_MESSAGE);
    expect(error.data.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error.data.stack).toBeUndefined();
    expect(error.data.referenceId).toMatch(/^err_[0-9a-f-]{36}$/);

    expect(log.spy).toHaveBeenCalledTimes(1);
    expect(log.text()).toContain(error.data.referenceId);
    expect(log.text()).toContain('memories.list');
    expect(log.text()).toMatch(/agent_memory/);
  });
});

describe('unexpected errors over REST', () => {
  it('answer { error: { code: INTERNAL, message, id } } with the logged id', async () => {
    const log = captureLog();
    const response = await handleListAgentMemories(new Request('http://localhost:3000/agent/memories'), {
      session: alice,
      prisma: db.prisma,
      deps: { now: db.ctx.now },
    });

    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const raw = await response.text();
    expect(raw).not.toMatch(LEAKS);
    const body = JSON.parse(raw) as { error: { code: string; message: string; id: string } };
    expect(body).toEqual({
      error: { code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, id: expect.stringMatching(/^err_[0-9a-f-]{36}$/) },
    });
    expect(log.text()).toContain(body.error.id);
    expect(log.text()).toMatch(/agent_memory/);
  });

  it('cover what fails before the handler too (session or database lookup)', async () => {
    const log = captureLog();
    const example = route({ name: 'GET /example', auth: 'session', origin: 'mutations' }, async () => new Response('never'));

    const response = await example(new Request('http://localhost:3000/example'), async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432 for database "memory_console"');
    });

    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; message: string; id: string } };
    expect(body.error.code).toBe('INTERNAL');
    expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
    expect(log.text()).toContain(body.error.id);
    expect(log.text()).toContain('ECONNREFUSED');
  });

  it('give each failure its own reference id', async () => {
    captureLog();
    const first = (await (
      await handleListAgentMemories(new Request('http://localhost:3000/agent/memories'), {
        session: alice,
        prisma: db.prisma,
        deps: { now: db.ctx.now },
      })
    ).json()) as { error: { id: string } };
    const second = (await (
      await handleListAgentMemories(new Request('http://localhost:3000/agent/memories'), {
        session: alice,
        prisma: db.prisma,
        deps: { now: db.ctx.now },
      })
    ).json()) as { error: { id: string } };
    expect(first.error.id).not.toBe(second.error.id);
  });
});
