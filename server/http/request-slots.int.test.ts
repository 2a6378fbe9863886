// Fair share (docs/architecture.md "Fair share") over the routes the app serves (route.ts): a
// session's 9th request at once is refused with 429 and Retry-After while another session is
// served, a token has its own larger share, and a slot comes back whichever way its request ends.
// Where a test must hold requests inside their slots, a route of its own takes the slot and waits
// before it calls the real one.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContextInner, type SessionLike } from '../api/trpc';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { handleListAgentMemories } from './agent-memories';
import { RequestSlots, SLOTS_PER_CALLER, sessionCaller, tokenCaller } from './request-slots';
import { route } from './route';
import { RUNTIME_EVENTS_BODY_LIMIT_BYTES } from './runtime-events';
import { RUNTIME_ROUTES } from './runtime-routes';
import { trpcRoute } from './trpc-handler';

const db = useSeededDatabase();
const ORIGIN = 'http://localhost:3000';
let alice: SessionLike;
let bob: SessionLike;

beforeAll(async () => {
  alice = await db.sessionOf('alice@example.com');
  bob = await db.sessionOf('bob@example.com');
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Requests that reach it wait, inside their slot, until the test opens it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  return {
    open,
    get waiting() {
      return waiting;
    },
    async pass() {
      waiting += 1;
      await opened;
    },
  };
}

const inUse = (slots: RequestSlots, session: SessionLike) => slots.inUse(sessionCaller(session)!);

describe('tRPC', () => {
  function trpc(
    slots: RequestSlots,
    session: SessionLike,
    path: string,
    init: RequestInit = {},
    before: () => Promise<void> = async () => {},
  ) {
    const endpoint = trpcRoute(async () => {
      await before();
      return createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } });
    });
    return endpoint(new Request(`${ORIGIN}/api/trpc/${path}`, init), { allowedOrigin: ORIGIN, session, slots });
  }

  it(`refuses a session's ${SLOTS_PER_CALLER.session + 1}th request at once with 429 and Retry-After, serves another session meanwhile, and gives the slots back`, async () => {
    const slots = new RequestSlots();
    const held = gate();
    const waiting = Array.from({ length: SLOTS_PER_CALLER.session }, () => trpc(slots, alice, 'memories.topics', {}, held.pass));
    await vi.waitFor(() => expect(held.waiting).toBe(SLOTS_PER_CALLER.session));

    const refused = await trpc(slots, alice, 'memories.topics');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    const { error } = (await refused.json()) as { error: { message: string; data: { code: string } } };
    expect(error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toContain(`already has ${SLOTS_PER_CALLER.session} requests in progress`);

    const other = await trpc(slots, bob, 'memories.topics');
    expect(other.status).toBe(200);
    await other.text();

    held.open();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual(waiting.map(() => 200));
    await Promise.all(answers.map((answer) => answer.text()));
    expect(inUse(slots, alice)).toBe(0);
    expect((await trpc(slots, alice, 'memories.topics')).status).toBe(200);
  });

  it('gives the slot back when a call fails, when the request is refused before tRPC runs, and when the context throws', async () => {
    const slots = new RequestSlots();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = (headers: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ key: 1 }),
    });
    const failures = [
      await trpc(slots, alice, 'memories.save', save({})),
      await trpc(slots, alice, 'memories.save', save({ origin: 'https://elsewhere.example' })),
      await trpc(slots, alice, 'memories.topics', {}, async () => {
        throw new Error('the database went away');
      }),
    ];
    expect(failures.map((answer) => answer.status)).toEqual([400, 403, 500]);
    await Promise.all(failures.map((answer) => answer.text()));
    expect(inUse(slots, alice)).toBe(0);
  });
});

describe('REST routes of the session cookie', () => {
  const list = (slots: RequestSlots, before: () => Promise<void> = async () => {}) => {
    const held = route({ name: 'GET /agent/memories', auth: 'none', slots: 'session', origin: 'mutations' }, async ({ request }) => {
      await before();
      return handleListAgentMemories(request, { session: alice, prisma: db.prisma, deps: { now: () => SEED_NOW } });
    });
    return (request: Request) => held(request, { session: alice, slots });
  };
  const url = 'http://localhost/agent/memories';

  it('holds the slot while a streamed answer is sent, and gives it back when it ends, is cancelled, or its client leaves', async () => {
    const slots = new RequestSlots();
    const route = list(slots);

    const read = await route(new Request(url));
    expect(inUse(slots, alice)).toBe(1);
    expect(((await read.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(inUse(slots, alice)).toBe(0);

    await (await route(new Request(url))).body!.cancel();
    expect(inUse(slots, alice)).toBe(0);

    const client = new AbortController();
    await route(new Request(url, { signal: client.signal }));
    expect(inUse(slots, alice)).toBe(1);
    client.abort();
    expect(inUse(slots, alice)).toBe(0);

    const head = await route(new Request(url, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(inUse(slots, alice)).toBe(0);
  });

  it('keeps the slot of a request whose client left while its handler still works, until the handler returns', async () => {
    const slots = new RequestSlots();
    const held = gate();
    const client = new AbortController();
    const answer = list(slots, held.pass)(new Request(url, { signal: client.signal }));
    await vi.waitFor(() => expect(held.waiting).toBe(1));
    client.abort();
    expect(inUse(slots, alice)).toBe(1);
    held.open();
    await answer;
    expect(inUse(slots, alice)).toBe(0);
  });

  it('gives the slot back when the handler throws, answering INTERNAL', async () => {
    const slots = new RequestSlots();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = route({ name: 'GET /agent/memories', auth: 'session', origin: 'mutations' }, async () =>
      Promise.reject(new Error('the database went away')),
    );
    const answer = await failing(new Request(url), { session: alice, prisma: db.prisma, deps: { now: () => SEED_NOW }, slots });
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('INTERNAL');
    expect(inUse(slots, alice)).toBe(0);
  });

  it('answers a signed-out request without taking a slot', async () => {
    const slots = new RequestSlots();
    expect((await handleListAgentMemories(new Request(url), { session: null, prisma: db.prisma, slots })).status).toBe(401);
    expect(slots.inUse(sessionCaller(alice)!)).toBe(0);
  });
});

describe('REST routes of an API token', () => {
  let berlin: string;
  let hamburg: string;

  beforeAll(async () => {
    berlin = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
    hamburg = (await tokenSecret(db, 'olga@example.com', 'hamburg', ['events:write'])).secret;
  });

  it(`gives a token ${SLOTS_PER_CALLER.token} requests at once, refuses the next with 429 and Retry-After, and serves another token meanwhile`, async () => {
    const slots = new RequestSlots();
    const held = gate();
    const events = route(
      { name: 'POST /api/runtime/events', auth: 'none', slots: 'token', origin: 'mutations', bodyLimit: RUNTIME_EVENTS_BODY_LIMIT_BYTES },
      async ({ request }) => {
        if (request.headers.has('x-wait')) await held.pass();
        return RUNTIME_ROUTES.events(request, {
          prisma: db.prisma,
          sql: db.pool,
          allowedOrigin: 'http://localhost',
          deps: { now: () => SEED_NOW },
        });
      },
    );
    const post = (secret: string, headers: Record<string, string> = {}) =>
      events(bearer(secret, { method: 'POST', body: '[]', headers }), { slots });
    const waiting = Array.from({ length: SLOTS_PER_CALLER.token }, () => post(berlin, { 'x-wait': '1' }));
    await vi.waitFor(() => expect(held.waiting).toBe(SLOTS_PER_CALLER.token));

    const refused = await post(berlin);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('This API token already has') },
    });
    expect((await post(hamburg)).status).toBe(202);

    held.open();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual(waiting.map(() => 202));
    await Promise.all(answers.map((answer) => answer.text()));
    expect(slots.inUse(tokenCaller(bearer(berlin))!)).toBe(0);
  });
});
