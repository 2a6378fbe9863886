// Hostile sign-in requests that once stepped around the throttle (docs/sign-in-and-network.md "How
// the throttle reads a sign-in"): a body the throttle read one way and next-auth another let
// guesses go uncounted, or counted against a decoy account while the victim's password was
// checked. Each request goes through the real route wrapper; next-auth is stood in for by its own
// body reader (getBody, next-auth/next/utils.js, which next-auth does not export) followed by the
// real credentials check (authorizeCredentials), on this file's database. Every password check is
// recorded, so a test sees exactly which e-mail reached one.
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withCountedSignIn } from '../auth/counted-sign-in';
import { authorizeCredentials } from '../auth/options';
import { accountThrottleKey } from '../domain';
import type { PrismaClient } from '../db/generated/client';
import type * as VerifyCredentials from '../services/users/verify-credentials';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { SIGN_IN_BODY_LIMIT_BYTES, SIGN_IN_FIELDS } from './sign-in-form';
import { handleAuthRoute } from './sign-in-route';

const shared = vi.hoisted(() => ({ prisma: undefined as PrismaClient | undefined, checked: [] as string[] }));
// The credentials check opens the console's database through getPrisma: here, this file's.
vi.mock('../db/client', () => ({ getPrisma: async () => shared.prisma }));
// Each password check, recorded with the e-mail it was for.
vi.mock('../services/users/verify-credentials', async (importOriginal) => {
  const original = await importOriginal<typeof VerifyCredentials>();
  return {
    verifyCredentials: (call: Parameters<typeof original.verifyCredentials>[0]) => {
      shared.checked.push(call.input.email);
      return original.verifyCredentials(call);
    },
  };
});

const requireHere = createRequire(import.meta.url);
const { getBody } = requireHere(path.join(path.dirname(requireHere.resolve('next-auth')), 'next', 'utils.js')) as {
  getBody(request: Request): Promise<Record<string, unknown> | undefined>;
};

const db = useSeededDatabase();
beforeAll(() => {
  shared.prisma = db.prisma;
});
beforeEach(async () => {
  await db.prisma.signInThrottle.deleteMany();
  shared.checked.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const CREDENTIALS = ['callback', 'credentials'];
const URL_OF_CALLBACK = 'http://localhost/api/auth/callback/credentials';
const FORM = 'application/x-www-form-urlencoded';
const VICTIM = 'alice@example.com';

/** next-auth's credentials callback up to the password check, as next-auth reads the request it is handed. */
async function nextAuthCredentials(request: Request): Promise<Response> {
  const body = await getBody(request);
  const user = await authorizeCredentials(body as Record<'email' | 'password', string> | undefined);
  if (!user) return Response.json({ url: 'http://localhost/api/auth/error?error=CredentialsSignin' }, { status: 401 });
  return Response.json(
    { url: 'http://localhost/memories' },
    { headers: { 'set-cookie': 'next-auth.session-token=signed; Path=/; HttpOnly' } },
  );
}

interface Sent {
  contentType?: string | null;
  body?: BodyInit;
  route?: string[];
  url?: string;
  forwardedFor?: string;
  trustProxy?: boolean;
  nextAuth?: (request: Request) => Promise<Response>;
}

function send({
  contentType = FORM,
  body,
  route = CREDENTIALS,
  url = URL_OF_CALLBACK,
  forwardedFor,
  trustProxy = false,
  nextAuth = nextAuthCredentials,
}: Sent) {
  const headers = new Headers();
  if (contentType !== null) headers.set('content-type', contentType);
  if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
  // As bytes: a string body would bring a Content-Type of its own.
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return handleAuthRoute(new Request(url, { method: 'POST', headers, body: bytes }), route, nextAuth, {
    prisma: db.prisma,
    now: () => SEED_NOW,
    trustProxy,
  });
}

/** The fields the sign-in form sends, as [name, value] pairs in its order. */
function fields(email: string, password: string): [string, string][] {
  return [
    ['email', email],
    ['password', password],
    ['csrfToken', 'token'],
    ['callbackUrl', '/memories'],
    ['json', 'true'],
  ];
}

const formOf = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

async function expectRefusedUnread(response: Response, status = 400) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.error).toBe('InvalidRequest');
  expect(body.message.length).toBeGreaterThan(20);
  expect(shared.checked).toEqual([]);
  expect(await db.prisma.signInThrottle.count()).toBe(0);
  return body.message;
}

describe('a body the throttle and next-auth could read differently is refused before any password check', () => {
  it('a form Content-Type with a parameter naming JSON, and a JSON body: 400 every time, never an uncounted 401', async () => {
    for (let i = 0; i < 8; i++) {
      const response = await send({
        contentType: `${FORM}; x=application/json`,
        body: JSON.stringify(Object.fromEntries(fields(VICTIM, `wrong-${i}`))),
      });
      expect(await expectRefusedUnread(response)).toContain('Content-Type is "application/x-www-form-urlencoded; x=application/json"');
    }
  });

  it('an account locked by five failures cannot be signed in to with the right password, however the body is spelled', async () => {
    for (let i = 0; i < 5; i++) expect((await send({ body: formOf(fields(VICTIM, `wrong-${i}`)) })).status).toBe(401);
    shared.checked.length = 0;
    const spellings: Sent[] = [
      { contentType: `${FORM}; x=application/json`, body: JSON.stringify(Object.fromEntries(fields(VICTIM, 'demo'))) },
      { contentType: 'application/json', body: JSON.stringify(Object.fromEntries(fields(VICTIM, 'demo'))) },
      { body: formOf([['email', 'decoy@example.com'], ...fields(VICTIM, 'demo')]) },
      { body: `em%61il=decoy%40example.com&${formOf(fields(VICTIM, 'demo'))}` },
      { body: formOf(fields(VICTIM, 'demo')), url: `${URL_OF_CALLBACK}?email=decoy%40example.com` },
      { body: formOf(fields(VICTIM, 'demo')), route: ['callback', 'credentials', 'again'] },
      { body: formOf(fields(' Alice@Example.COM ', 'demo')) },
    ];
    for (const spelling of spellings) {
      const response = await send(spelling);
      expect([400, 429]).toContain(response.status);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(shared.checked).toEqual([]);
  });

  it('a second email field (a fresh decoy first, the victim last) is refused: no attempt goes uncounted against the victim', async () => {
    for (let i = 0; i < 8; i++) {
      const decoyFirst = await send({ body: formOf([['email', `decoy-${i}@example.com`], ...fields(VICTIM, `wrong-${i}`)]) });
      expect(await expectRefusedUnread(decoyFirst)).toContain('email is there 2 times');
    }
    const victimFirst = await send({ body: formOf([...fields(VICTIM, 'wrong'), ['email', 'decoy@example.com']]) });
    await expectRefusedUnread(victimFirst);
  });

  it('a field name spelled with percent-encoding is the same field', async () => {
    const response = await send({ body: `${formOf(fields('decoy@example.com', 'wrong'))}&%65mail=${encodeURIComponent(VICTIM)}` });
    expect(await expectRefusedUnread(response)).toContain('email is there 2 times');
  });

  it('Content-Type application/json with a body that is not JSON: 400 with a JSON message, not an empty 500', async () => {
    const response = await send({ contentType: 'application/json', body: 'email=alice@example.com&password=demo' });
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await expectRefusedUnread(response)).toContain('Content-Type is "application/json"');
  });

  it.each<[string, Sent, string]>([
    [
      'JSON, however well-formed',
      { contentType: 'application/json', body: JSON.stringify(Object.fromEntries(fields(VICTIM, 'x'))) },
      'Content-Type is "application/json"',
    ],
    ['no Content-Type', { contentType: null, body: formOf(fields(VICTIM, 'x')) }, 'no Content-Type'],
    ['two media types in one header', { contentType: `${FORM}, application/json`, body: formOf(fields(VICTIM, 'x')) }, 'Content-Type is'],
    ['another charset', { contentType: `${FORM}; charset=iso-8859-1`, body: formOf(fields(VICTIM, 'x')) }, 'Content-Type is'],
    [
      'multipart',
      {
        contentType: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nalice@example.com\r\n--x--',
      },
      'Content-Type is',
    ],
    ['no body', { body: undefined }, 'email is missing'],
    ['a field missing', { body: formOf(fields(VICTIM, 'x').filter(([name]) => name !== 'csrfToken')) }, 'csrfToken is missing'],
    ['a field of its own', { body: formOf([...fields(VICTIM, 'x'), ['redirect', 'false']]) }, 'a field "redirect"'],
    ['an empty e-mail', { body: formOf(fields('  ', 'x')) }, 'email is empty'],
    ['an empty password', { body: formOf(fields(VICTIM, '')) }, 'password is empty'],
    ['a NUL in the e-mail', { body: formOf(fields('alice\u0000@example.com', 'x')) }, 'email contains a control character'],
    ['an e-mail longer than any account’s', { body: formOf(fields(`${'a'.repeat(250)}@example.com`, 'x')) }, 'longer than 254 characters'],
    ['bytes that are not UTF-8', { body: new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe]) }, 'not UTF-8'],
  ])('%s: refused with 400 naming what is wrong, nothing counted or checked', async (_case, sent, problem) => {
    const message = await expectRefusedUnread(await send(sent));
    expect(message).toContain('exactly one each of email, password, csrfToken, callbackUrl, json');
    expect(message).toContain(problem);
  });

  it('a body over the limit is refused with 413 naming the limit, before it is parsed', async () => {
    const response = await send({ body: formOf(fields(VICTIM, 'x'.repeat(SIGN_IN_BODY_LIMIT_BYTES))) });
    expect(await expectRefusedUnread(response, 413)).toContain('8 kB (8,192 bytes)');
  });
});

describe('what next-auth is handed is exactly what was counted', () => {
  it('one canonical form body, no query, for a request spelled as browsers may', async () => {
    let handed: Request | undefined;
    const recording = async (request: Request) => {
      handed = request.clone();
      return nextAuthCredentials(request);
    };
    const pairs = fields(VICTIM, 'demo').reverse();
    const response = await send({
      contentType: `${FORM};charset=UTF-8`,
      body: formOf(pairs),
      url: `${URL_OF_CALLBACK}?callbackUrl=https%3A%2F%2Fevil.example%2F`,
      nextAuth: recording,
    });
    expect(response.status).toBe(200);
    expect(handed!.url).toBe(URL_OF_CALLBACK);
    expect(handed!.headers.get('content-type')).toBe(FORM);
    expect(await handed!.text()).toBe(formOf(fields(VICTIM, 'demo')));
    expect(shared.checked).toEqual([VICTIM]);
  });

  it('a longer callback path is the credentials callback to next-auth, so it is throttled as one', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send({ body: formOf(fields(VICTIM, `wrong-${i}`)), route: ['callback', 'credentials', 'x'] })).status).toBe(401);
    }
    expect((await send({ body: formOf(fields(VICTIM, 'demo')) })).status).toBe(429);
  });
});

describe('the credentials check refuses an e-mail the throttle did not count', () => {
  it('outside a counted sign-in, and for any e-mail but the one counted, without checking a password', async () => {
    expect(await authorizeCredentials({ email: VICTIM, password: 'demo' })).toBeNull();
    expect(await withCountedSignIn('decoy@example.com', () => authorizeCredentials({ email: VICTIM, password: 'demo' }))).toBeNull();
    expect(await withCountedSignIn(VICTIM, () => authorizeCredentials({ email: ' Alice@example.com', password: 'demo' }))).toBeNull();
    expect(shared.checked).toEqual([]);
    // The e-mail counted is checked.
    expect(await withCountedSignIn(VICTIM, () => authorizeCredentials({ email: VICTIM, password: 'demo' }))).toMatchObject({
      email: VICTIM,
    });
    expect(shared.checked).toEqual([VICTIM]);
  });
});

describe('X-Forwarded-For', () => {
  it('without TRUST_PROXY a client cannot lock out an address by naming it: only accounts are counted', async () => {
    for (let i = 0; i < 101; i++) {
      expect((await send({ body: formOf(fields(`guess-${i}@example.com`, 'x')), forwardedFor: '198.51.100.7' })).status).toBe(401);
    }
    expect((await send({ body: formOf(fields(VICTIM, 'demo')), forwardedFor: '198.51.100.7' })).status).toBe(200);
  }, 120_000);

  it('with TRUST_PROXY the hop the proxy wrote is counted, whatever the client put before it', async () => {
    for (let i = 0; i < 100; i++) {
      const response = await send({
        body: formOf(fields(`guess-${i}@example.com`, 'x')),
        forwardedFor: `10.0.${i}.1, 203.0.113.9`,
        trustProxy: true,
      });
      expect(response.status).toBe(401);
    }
    const refused = await send({ body: formOf(fields(VICTIM, 'demo')), forwardedFor: '10.9.9.9, 203.0.113.9', trustProxy: true });
    expect(refused.status).toBe(429);
  }, 120_000);
});

describe('for any request', () => {
  const emails = fc.constantFrom(
    VICTIM,
    'bob@example.com',
    'nobody@example.com',
    ' Alice@Example.COM ',
    'decoy@example.com',
    '',
    'a\u0000@example.com',
  );
  const passwords = fc.oneof(fc.constantFrom('demo', 'wrong'), fc.string({ unit: 'binary', maxLength: 12 }));
  const text = fc.string({ unit: 'binary', maxLength: 16 });
  const names = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...SIGN_IN_FIELDS) },
    { weight: 2, arbitrary: fc.constantFrom('Email', 'email ', 'em%61il', '%65mail', 'email[]', 'redirect', 'email\u0000') },
    { weight: 1, arbitrary: text },
  );
  const complete = fc.tuple(emails, passwords).chain(([email, password]) => fc.shuffledSubarray(fields(email, password), { minLength: 5 }));
  const pairs = fc.oneof(
    { weight: 3, arbitrary: complete },
    {
      weight: 3,
      arbitrary: fc
        .tuple(complete, fc.array(fc.tuple(names, fc.oneof(emails, text)), { maxLength: 2 }))
        .map(([all, extra]) => [...all, ...extra]),
    },
    { weight: 2, arbitrary: fc.array(fc.tuple(names, fc.oneof(emails, passwords, text)), { maxLength: 7 }) },
  );
  // Names are written as they come (so `em%61il` is percent-encoded on the wire), values encoded or raw.
  const encoded = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);
  const formBody = fc
    .tuple(pairs, fc.constantFrom('&', '&', '&', ';', '&&'), fc.boolean())
    .map(([list, separator, raw]) => list.map(([name, value]) => `${name}=${raw ? value : encoded(value)}`).join(separator));
  const jsonBody = pairs.map((list) => JSON.stringify(Object.fromEntries(list)));
  const contentTypes = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        FORM,
        `${FORM};charset=UTF-8`,
        `${FORM}; x=application/json`,
        'application/json',
        `${FORM}, application/json`,
        `application/json; x=${FORM}`,
        'APPLICATION/X-WWW-FORM-URLENCODED',
        'text/plain',
      ),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,40}$/) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const requests = fc.oneof(
    // Mostly what the form itself would send, give or take a field, a spelling or a separator …
    { weight: 1, arbitrary: fc.record({ contentType: fc.constantFrom(FORM, `${FORM};charset=UTF-8`), body: formBody }) },
    // … and anything else.
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: contentTypes,
        body: fc.oneof({ weight: 4, arbitrary: formBody }, { weight: 1, arbitrary: jsonBody }, { weight: 1, arbitrary: text }),
      }),
    },
  );

  it('either the attempt was counted against the account next-auth checks, or it was refused before the password check', async () => {
    let checkedRuns = 0;
    await fc.assert(
      fc.asyncProperty(requests, async ({ contentType, body }) => {
        await db.prisma.signInThrottle.deleteMany();
        shared.checked.length = 0;
        const response = await send({ contentType, body });
        const counted = (await db.prisma.signInThrottle.findMany()).map((row) => row.key);
        if (shared.checked.length === 0) {
          // Refused before the password check: nothing signed in, and a refused body counted nothing.
          expect(response.headers.getSetCookie()).toEqual([]);
          if (response.status === 400) expect(counted).toEqual([]);
          return;
        }
        checkedRuns++;
        expect(shared.checked).toHaveLength(1);
        expect(counted).toContain(accountThrottleKey(shared.checked[0]!));
      }),
      { numRuns: 400 },
    );
    // The property is about requests that reach the check, too: enough of them did.
    expect(checkedRuns).toBeGreaterThan(40);
  }, 120_000);
});
