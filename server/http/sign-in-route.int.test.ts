// Sign-in throttling (docs/security.md "Signing in: throttling") through the wrapped auth route:
// requests go in as the sign-in form sends them, next-auth's credentials check is stood in for by
// the real verifyCredentials, and the answers are read as the form reads them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyCredentials } from '../services/users/verify-credentials';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { handleAuthRoute, type TooManyAttemptsBody } from './sign-in-route';

const CREDENTIALS = ['callback', 'credentials'];

const db = useSeededDatabase();
beforeEach(async () => {
  await db.prisma.signInThrottle.deleteMany();
});

const MINUTE = 60_000;
let checked = 0;

/** Stands in for next-auth: checks the password, sets a session cookie only when it is right. */
async function nextAuthStandIn(request: Request): Promise<Response> {
  checked++;
  const form = new URLSearchParams(await request.text());
  const user = await verifyCredentials({ ctx: db.ctx, input: { email: form.get('email') ?? '', password: form.get('password') ?? '' } });
  if (!user) return Response.json({ url: 'http://localhost/api/auth/error?error=CredentialsSignin' }, { status: 401 });
  return Response.json(
    { url: 'http://localhost/memories' },
    { headers: { 'set-cookie': 'next-auth.session-token=signed.jwt.value; Path=/; HttpOnly; SameSite=Lax' } },
  );
}

/** A refusal without the bcrypt work, for tests that need many failures quickly. */
async function quickRefusal(): Promise<Response> {
  checked++;
  return Response.json({ url: 'http://localhost/api/auth/error?error=CredentialsSignin' }, { status: 401 });
}

interface Attempt {
  email: string;
  password: string;
  forwardedFor?: string;
  now?: Date;
  trustProxy?: boolean;
  nextAuth?: (request: Request) => Promise<Response>;
}

function signIn({
  email,
  password,
  forwardedFor = '203.0.113.7',
  now = SEED_NOW,
  trustProxy = false,
  nextAuth = nextAuthStandIn,
}: Attempt): Promise<Response> {
  const request = new Request('http://localhost/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({ email, password, csrfToken: 'token', callbackUrl: '/memories', json: 'true' }),
  });
  return handleAuthRoute(request, CREDENTIALS, nextAuth, { prisma: db.prisma, now: () => now, trustProxy });
}

async function fail(times: number, attempt: Omit<Attempt, 'password'>) {
  for (let i = 0; i < times; i++) expect((await signIn({ ...attempt, password: 'wrong-guess' })).status).toBe(401);
}

describe('throttling failed sign-ins per account', () => {
  it.each([
    ['a known account', 'alice@example.com'],
    ['an unknown account', 'nobody@example.com'],
    ['an account without a password', 'carla@example.com'],
  ])('%s: after 5 failures in 15 minutes every attempt, even the right password, gets 429 with Retry-After', async (_case, email) => {
    checked = 0;
    await fail(5, { email });
    const refused = await signIn({ email, password: 'demo', now: new Date(SEED_NOW.getTime() + MINUTE) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(14 * 60));
    const body = (await refused.json()) as TooManyAttemptsBody;
    expect(body).toEqual({
      url: 'http://localhost/signin?error=TooManyAttempts',
      error: 'TooManyAttempts',
      retryAfter: 14 * 60,
      message: 'Too many failed sign-ins. Try again in 14 minutes.',
    });
    // The refused attempt never reached the password check.
    expect(checked).toBe(5);
  });

  it('lets the account in again once the 15 minutes have passed', async () => {
    await fail(5, { email: 'alice@example.com' });
    expect(
      (await signIn({ email: 'alice@example.com', password: 'demo', now: new Date(SEED_NOW.getTime() + 15 * MINUTE - 1000) })).status,
    ).toBe(429);
    const after = await signIn({ email: 'alice@example.com', password: 'demo', now: new Date(SEED_NOW.getTime() + 15 * MINUTE) });
    expect(after.status).toBe(200);
    expect(after.headers.get('set-cookie')).toContain('session-token=');
  });

  it('counts the email however it is typed', async () => {
    await fail(5, { email: ' Alice@Example.COM ' });
    expect((await signIn({ email: 'alice@example.com', password: 'demo' })).status).toBe(429);
  });

  it('does not count a right password', async () => {
    await fail(4, { email: 'bob@example.com' });
    for (let i = 0; i < 3; i++) expect((await signIn({ email: 'bob@example.com', password: 'demo' })).status).toBe(200);
    await fail(1, { email: 'bob@example.com' });
    expect((await signIn({ email: 'bob@example.com', password: 'demo' })).status).toBe(429);
  });

  it('throttling one account leaves the others alone', async () => {
    await fail(5, { email: 'alice@example.com' });
    expect((await signIn({ email: 'hana@example.com', password: 'demo' })).status).toBe(200);
  });

  it('lets at most 5 of 20 parallel wrong guesses through to the password check', async () => {
    checked = 0;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn({ email: 'olga@example.com', password: `guess-${i}`, forwardedFor: `198.51.100.${i}` })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(checked).toBe(5);
    expect(await db.prisma.signInThrottle.findUnique({ where: { key: 'account:olga@example.com' } })).toMatchObject({ failures: 5 });
  });
});

describe('throttling failed sign-ins per address', () => {
  it('refuses the 101st failure from one address in 10 minutes, for any account, but not other addresses', async () => {
    for (let i = 0; i < 100; i++) {
      const attempt = {
        email: `guess-${i}@example.com`,
        password: 'x',
        forwardedFor: '192.0.2.1',
        trustProxy: true,
        nextAuth: quickRefusal,
      };
      expect((await signIn(attempt)).status).toBe(401);
    }
    const refused = await signIn({ email: 'alice@example.com', password: 'demo', forwardedFor: '192.0.2.1', trustProxy: true });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(10 * 60));
    expect((await signIn({ email: 'alice@example.com', password: 'demo', forwardedFor: '192.0.2.2', trustProxy: true })).status).toBe(200);
    const later = new Date(SEED_NOW.getTime() + 10 * MINUTE);
    expect(
      (await signIn({ email: 'alice@example.com', password: 'demo', forwardedFor: '192.0.2.1', trustProxy: true, now: later })).status,
    ).toBe(200);
  }, 120_000);

  it('with TRUST_PROXY counts the hop the proxy wrote (the last), whatever the client put before it', async () => {
    await signIn({ email: 'a@example.com', password: 'x', forwardedFor: '192.0.2.9, 10.0.0.1', trustProxy: true, nextAuth: quickRefusal });
    const keys = (await db.prisma.signInThrottle.findMany({ where: { key: { startsWith: 'address:' } } })).map((row) => row.key);
    expect(keys).toEqual(['address:10.0.0.1']);
  });

  it('without TRUST_PROXY counts no address at all, only the account: X-Forwarded-For may be the client’s own', async () => {
    for (let i = 0; i < 3; i++) {
      await signIn({ email: `c${i}@example.com`, password: 'x', forwardedFor: `192.0.2.${i}`, nextAuth: quickRefusal });
    }
    const keys = (await db.prisma.signInThrottle.findMany()).map((row) => row.key).sort();
    expect(keys).toEqual(['account:c0@example.com', 'account:c1@example.com', 'account:c2@example.com']);
  });
});

describe('when the counters cannot be read', () => {
  it('refuses with 503 and a JSON body, without checking the password, and logs why for the operator', async () => {
    checked = 0;
    // The operator's log gets the cause; the test keeps it out of the run's output.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new Proxy(db.prisma, {
      get: (target, property) =>
        property === '$transaction' ? () => Promise.reject(new Error('connection lost')) : Reflect.get(target, property),
    });
    const request = new Request('http://localhost/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'alice@example.com',
        password: 'demo',
        csrfToken: 'token',
        callbackUrl: '/memories',
        json: 'true',
      }),
    });
    const response = await handleAuthRoute(request, CREDENTIALS, nextAuthStandIn, {
      prisma: broken,
      now: () => SEED_NOW,
      trustProxy: false,
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: string; message: string };
    expect(body).toEqual({ error: 'Unavailable', message: 'Sign-in is unavailable right now. Try again in a minute.' });
    expect(JSON.stringify(body)).not.toContain('connection lost');
    expect(checked).toBe(0);
    expect(logged).toHaveBeenCalledWith('Sign-in throttle unavailable:', expect.objectContaining({ message: 'connection lost' }));
    logged.mockRestore();
  });
});

describe('other auth requests', () => {
  it('pass through untouched and are never counted', async () => {
    checked = 0;
    const response = await handleAuthRoute(new Request('http://localhost/api/auth/session'), ['session'], async () => new Response('{}'), {
      prisma: db.prisma,
      now: () => SEED_NOW,
      trustProxy: false,
    });
    expect(response.status).toBe(200);
    expect(await db.prisma.signInThrottle.count()).toBe(0);
  });
});
