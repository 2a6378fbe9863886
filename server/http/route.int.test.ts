// The route wrapper (route.ts) itself, table-driven: for each kind of caller a route may serve —
// anyone, a session, an API token with a permission — a mutation with no Origin, another site's
// Origin, a body over the limit, a handler that throws a DomainError and one that fails
// unexpectedly each get the status and JSON shape the wrapper promises, in its fixed order, and
// no error answer carries a stack or the database's words.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../errors/domain-error';
import { INTERNAL_ERROR_MESSAGE } from '../errors/unexpected-error';
import type { SessionIdentity } from '../services/account/check-session';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { route, type RouteAuth, type RouteContext } from './route';

const db = useSeededDatabase();
const OWN = 'http://localhost:3000';
const LIMIT = 100;
let alice: SessionIdentity;
let reader: string;
let writer: string;

beforeAll(async () => {
  alice = await db.sessionOf('alice@example.com');
  reader = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read'])).secret;
  writer = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:write'])).secret;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the handler does once the wrapper lets the request through. */
type Behaviour = 'answer' | 'domain' | 'unexpected';

const DATABASE_TEXT = 'relation "agent_memory" does not exist: SELECT * FROM "agent_memory" WHERE "key" = $1';

function routeOf(auth: RouteAuth, behaviour: Behaviour) {
  return route({ name: `POST /test/${auth}`, auth, origin: 'mutations', bodyLimit: LIMIT }, async ({ body }) => {
    if (behaviour === 'domain') throw new DomainError('CONFLICT', 'The record changed meanwhile; reload it.', { reason: 'CHANGED_SINCE' });
    if (behaviour === 'unexpected') throw new Error(DATABASE_TEXT);
    return Response.json({ read: body.byteLength });
  });
}

/** The caller each kind of route accepts, or none. */
function callerFor(auth: RouteAuth, signedIn: boolean): { headers: Record<string, string>; context: RouteContext } {
  const context: RouteContext = { prisma: db.prisma, deps: { now: () => SEED_NOW }, allowedOrigin: OWN, session: null };
  if (!signedIn || auth === 'none') return { headers: {}, context };
  if (auth === 'session') return { headers: {}, context: { ...context, session: alice } };
  return { headers: { authorization: `Bearer ${reader}` }, context };
}

interface Case {
  name: string;
  signedIn: boolean;
  method?: string;
  origin?: string;
  body?: string;
  behaviour?: Behaviour;
  status: number;
  /** The error's code, or null for the handler's own answer. */
  code: string | null;
  message?: string | RegExp;
}

const CASES: Case[] = [
  { name: 'a mutation with no Origin (no browser page)', signedIn: true, body: 'x', status: 200, code: null },
  { name: 'a mutation from the console’s own origin', signedIn: true, origin: OWN, body: 'x', status: 200, code: null },
  {
    name: 'a mutation from another site',
    signedIn: true,
    origin: 'https://elsewhere.example',
    body: 'x',
    status: 403,
    code: 'FORBIDDEN',
    message: /came from another site.*http:\/\/localhost:3000/,
  },
  {
    name: 'a read from another site (only mutations are judged by Origin)',
    signedIn: true,
    method: 'GET',
    origin: 'https://elsewhere.example',
    status: 200,
    code: null,
  },
  { name: `a body of exactly ${LIMIT} bytes`, signedIn: true, body: 'x'.repeat(LIMIT), status: 200, code: null },
  {
    name: `a body of ${LIMIT + 1} bytes`,
    signedIn: true,
    body: 'x'.repeat(LIMIT + 1),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: /larger than the limit of 0 kB \(100 bytes\)/,
  },
  {
    name: 'a handler that throws a DomainError',
    signedIn: true,
    body: 'x',
    behaviour: 'domain',
    status: 409,
    code: 'CONFLICT',
    message: 'The record changed meanwhile; reload it.',
  },
  {
    name: 'a handler that fails unexpectedly',
    signedIn: true,
    body: 'x',
    behaviour: 'unexpected',
    status: 500,
    code: 'INTERNAL',
    message: INTERNAL_ERROR_MESSAGE,
  },
];

/** What a route refuses a caller it does not know, and that refusal ahead of the body's size but after the Origin rule. */
const SIGNED_OUT: Record<
  RouteAuth & ('session' | 'token:memories:read'),
  { status: number; code: string; message: string; authenticate: string | null }
> = {
  session: { status: 401, code: 'UNAUTHORIZED', message: 'Sign in to continue.', authenticate: null },
  'token:memories:read': {
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'Send an API token as "Authorization: Bearer <token>".',
    authenticate: 'Bearer',
  },
};

const AUTHS: RouteAuth[] = ['none', 'session', 'token:memories:read'];

async function send(auth: RouteAuth, test: Omit<Case, 'status' | 'code' | 'name'>) {
  const caller = callerFor(auth, test.signedIn);
  const method = test.method ?? 'POST';
  const request = new Request(`${OWN}/test`, {
    method,
    headers: { ...caller.headers, ...(test.origin ? { origin: test.origin } : {}) },
    ...(method === 'GET' ? {} : { body: test.body ?? '' }),
  });
  return routeOf(auth, test.behaviour ?? 'answer')(request, caller.context);
}

describe.each(AUTHS)('a route of auth %s', (auth) => {
  it.each(CASES)('$name → $status', async (test) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await send(auth, test);
    expect(response.status).toBe(test.status);
    const text = await response.text();
    if (test.code === null) {
      expect(JSON.parse(text)).toEqual({ read: test.method === 'GET' ? 0 : (test.body ?? '').length });
      return;
    }
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { error } = JSON.parse(text) as { error: { code: string; message: string; reason?: string; id?: string } };
    expect(error.code).toBe(test.code);
    if (typeof test.message === 'string') expect(error.message).toBe(test.message);
    else expect(error.message).toMatch(test.message!);
    // Nothing of the stack or of the database's text, whatever failed.
    expect(text).not.toMatch(/agent_memory|SELECT|relation|at .*\.ts:\d+|stack/i);
    if (test.code === 'INTERNAL') {
      expect(error.id).toMatch(/^err_[0-9a-f-]{36}$/);
      expect(log.mock.calls.flat().map(String).join(' ')).toContain(error.id);
    }
    if (test.code === 'CONFLICT') expect(error.reason).toBe('CHANGED_SINCE');
  });
});

describe.each(Object.entries(SIGNED_OUT))('a route of auth %s, asked by no one it knows', (auth, refusal) => {
  it(`answers ${refusal.status} ${refusal.code} without running the handler`, async () => {
    const response = await send(auth as RouteAuth, { signedIn: false, body: 'x' });
    expect(response.status).toBe(refusal.status);
    expect(response.headers.get('www-authenticate')).toBe(refusal.authenticate);
    expect(await response.json()).toEqual({ error: { code: refusal.code, message: refusal.message } });
  });

  it('refuses another site’s mutation first (403), and a stranger before reading an oversized body (401)', async () => {
    expect((await send(auth as RouteAuth, { signedIn: false, origin: 'https://elsewhere.example', body: 'x' })).status).toBe(403);
    expect((await send(auth as RouteAuth, { signedIn: false, body: 'x'.repeat(LIMIT + 1) })).status).toBe(refusal.status);
  });
});

describe('a route of an API token', () => {
  it('answers 403 naming the permission to a token that lacks it', async () => {
    const request = bearer(writer, { url: `${OWN}/test`, method: 'POST', body: 'x' });
    const response = await routeOf('token:memories:read', 'answer')(request, {
      prisma: db.prisma,
      deps: { now: () => SEED_NOW },
      allowedOrigin: OWN,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'This API token lacks the permission memories:read.' } });
  });
});

describe('a context that cannot be read (the session cookie, the database)', () => {
  it('is answered as an unexpected failure in the route’s shape', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await routeOf('session', 'answer')(new Request(`${OWN}/test`, { method: 'POST', body: 'x' }), async () => {
      throw new Error(DATABASE_TEXT);
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/agent_memory|SELECT/);
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, id: expect.stringMatching(/^err_/) } });
    expect(log).toHaveBeenCalledTimes(1);
  });
});
