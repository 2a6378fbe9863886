// The email + password sign-in request, throttled around next-auth (which cannot answer 429 from
// its credentials callback). Independent of Next: takes the request, next-auth's handler and a
// database, and answers with a Response. Rules: server/domain/sign-in-throttle.ts.
import type { PrismaClient } from '../db/generated/client';
import { clientAddress } from '../config/client-address';
import { reserveSignInAttempt } from '../services/auth/reserve-sign-in-attempt';
import { settleSignInSuccess } from '../services/auth/settle-sign-in-success';
import type { SignInAttempt } from '../services/auth/change-sign-in-counters';
import { serviceContext } from '../services/context';

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
const CREDENTIALS_CALLBACK = /\/callback\/credentials\/?$/;

async function emailOf(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/x-www-form-urlencoded')) {
      return new URLSearchParams(await request.clone().text()).get('email');
    }
    if (type.includes('application/json')) {
      const body = (await request.clone().json()) as { email?: unknown };
      return typeof body.email === 'string' ? body.email : null;
    }
  } catch {
    // An unreadable body is next-auth's to refuse.
  }
  return null;
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
  return Response.json(body, { status: 429, headers: { 'retry-after': String(retryAfter), 'cache-control': 'no-store' } });
}

/** Whether next-auth's answer signed someone in: it sets a non-empty session cookie. */
function signedIn(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => /session-token=[^;]+/.test(cookie));
}

export async function handleAuthRoute(
  request: Request,
  nextAuth: (request: Request) => Promise<Response>,
  context: SignInRouteContext,
): Promise<Response> {
  if (request.method !== 'POST' || !CREDENTIALS_CALLBACK.test(new URL(request.url).pathname)) return nextAuth(request);
  const email = await emailOf(request);
  if (!email) return nextAuth(request);
  const attempt: SignInAttempt = { email, address: clientAddress(request.headers, context.trustProxy) };
  const ctx = serviceContext(context.prisma, { now: context.now });
  let verdict;
  try {
    verdict = await reserveSignInAttempt({ ctx, input: attempt });
  } catch (error) {
    // Without the counters no password is checked: refusing is the safe side.
    console.error('Sign-in throttle unavailable:', error);
    return Response.json(
      { error: 'Unavailable', message: 'Sign-in is unavailable right now. Try again in a minute.' },
      { status: 503, headers: { 'retry-after': '60', 'cache-control': 'no-store' } },
    );
  }
  if (!verdict.allowed) return tooManyAttempts(request, verdict.retryAfterSeconds);
  const response = await nextAuth(request);
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
