// The email + password sign-in request, throttled around next-auth (which cannot answer 429 from
// its credentials callback). Independent of Next: takes the request, the route's segments,
// next-auth's handler and a database, and answers with a Response. Rules:
// server/domain/sign-in-throttle.ts; how the body is read: docs/sign-in-and-network.md.
//
// The body is read once, here (sign-in-form.ts). The e-mail counted is the e-mail next-auth checks:
// next-auth is handed a new request whose body is rebuilt from exactly the values read (it takes
// the body from the request it is handed, headers and cookies from next/headers), and its
// credentials check refuses any other e-mail (server/auth/counted-sign-in.ts). A request the
// throttle cannot read is refused with 400 and never reaches next-auth.
import type { PrismaClient } from '../db/generated/client';
import { withCountedSignIn } from '../auth/counted-sign-in';
import { clientAddress } from '../config/client-address';
import { reserveSignInAttempt } from '../services/auth/reserve-sign-in-attempt';
import { settleSignInSuccess } from '../services/auth/settle-sign-in-success';
import type { SignInAttempt } from '../services/auth/change-sign-in-counters';
import { serviceContext } from '../services/context';
import { bodyTooLargeMessage, readBodyWithin } from './body-limit';
import { canonicalSignInBody, FORM_CONTENT_TYPE, readSignInForm, SIGN_IN_BODY_LIMIT_BYTES } from './sign-in-form';

export interface SignInRouteContext {
  prisma: PrismaClient;
  now: () => Date;
  trustProxy: boolean;
}

/** What the sign-in form reads from a refused attempt (next-auth's signIn() reads `url`). */
export interface TooManyAttemptsBody {
  url: string;
  error: 'TooManyAttempts';
  retryAfter: number;
  message: string;
}

export const TOO_MANY_ATTEMPTS = 'TooManyAttempts';

/** next-auth's own reading of its route: `/api/auth/<action>/<provider>/…`, segments decoded. */
function isCredentialsSignIn(method: string, route: readonly string[]): boolean {
  return method === 'POST' && route[0] === 'callback' && route[1] === 'credentials';
}

const noStore = { 'cache-control': 'no-store' };

function refused(status: 400 | 413, message: string): Response {
  return Response.json({ error: 'InvalidRequest', message }, { status, headers: noStore });
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyAttempts(request: Request, retryAfter: number): Response {
  const body: TooManyAttemptsBody = {
    url: new URL(`/signin?error=${TOO_MANY_ATTEMPTS}`, request.url).toString(),
    error: TOO_MANY_ATTEMPTS,
    retryAfter,
    message: `Too many failed sign-ins. Try again in ${waitInWords(retryAfter)}.`,
  };
  return Response.json(body, { status: 429, headers: { 'retry-after': String(retryAfter), ...noStore } });
}

/** Whether next-auth's answer signed someone in: it sets a non-empty session cookie. */
function signedIn(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => /session-token=[^;]+/.test(cookie));
}

export async function handleAuthRoute(
  request: Request,
  route: readonly string[],
  nextAuth: (request: Request) => Promise<Response>,
  context: SignInRouteContext,
): Promise<Response> {
  if (!isCredentialsSignIn(request.method, route)) return nextAuth(request);
  let body;
  try {
    body = await readBodyWithin(request, SIGN_IN_BODY_LIMIT_BYTES);
  } catch {
    return refused(400, 'The sign-in request body could not be read. Send it again.');
  }
  if (!body.ok) return refused(413, bodyTooLargeMessage(SIGN_IN_BODY_LIMIT_BYTES));
  const reading = readSignInForm(request.headers.get('content-type'), body.body);
  if (!reading.ok) return refused(400, reading.message);
  const { form } = reading;

  const attempt: SignInAttempt = { email: form.email, address: clientAddress(request.headers, context.trustProxy) };
  const ctx = serviceContext(context.prisma, { now: context.now });
  let verdict;
  try {
    verdict = await reserveSignInAttempt({ ctx, input: attempt });
  } catch (error) {
    // Without the counters no password is checked: refusing is the safe side.
    console.error('Sign-in throttle unavailable:', error);
    return Response.json(
      { error: 'Unavailable', message: 'Sign-in is unavailable right now. Try again in a minute.' },
      { status: 503, headers: { 'retry-after': '60', ...noStore } },
    );
  }
  if (!verdict.allowed) return tooManyAttempts(request, verdict.retryAfterSeconds);

  // The query is left behind too: next-auth would read a callbackUrl there when the body had none.
  const url = new URL(request.url);
  const counted = new Request(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': FORM_CONTENT_TYPE },
    body: canonicalSignInBody(form),
  });
  const response = await withCountedSignIn(form.email, () => nextAuth(counted));
  if (signedIn(response)) {
    try {
      await settleSignInSuccess({ ctx, input: attempt });
    } catch (error) {
      // The person is signed in; at worst this attempt stays counted.
      console.error('Could not take back a successful sign-in attempt:', error);
    }
  }
  return response;
}
