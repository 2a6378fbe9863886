// Fair share (docs/architecture.md "Fair share"): each caller runs at most a few requests at once,
// so one person's fifty heavy requests cannot take everyone else's turn. A session has
// SLOTS_PER_CALLER.session, an API token SLOTS_PER_CALLER.token (a runtime sends every turn of its
// tenant on one token); a request beyond them is answered 429 with Retry-After at once, never
// queued. The counts live in this process: per instance, so behind several instances a caller may
// run that many on each. Every route takes its slot here, through the route wrapper (route.ts);
// pages do not.
import { hashTokenSecret } from '../auth/api-token-secret';
import type { SessionIdentity } from '../services/account/check-session';
import { bearerSecret } from './bearer-token';

export const SLOTS_PER_CALLER = { session: 8, token: 32 } as const;
export const RETRY_AFTER_SECONDS = 1;

/** Whose slots a request takes: a session row's id, or the hash of a bearer token's secret. */
export interface Caller {
  kind: keyof typeof SLOTS_PER_CALLER;
  id: string;
}

/** The requests each caller has in progress, on this instance. */
export class RequestSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly limits: Readonly<Record<Caller['kind'], number>> = SLOTS_PER_CALLER) {}

  /** A slot of `caller`'s and the function that gives it back (once, however often it is called), or null when all are taken. */
  take(caller: Caller): (() => void) | null {
    const key = `${caller.kind}:${caller.id}`;
    const held = this.held.get(key) ?? 0;
    if (held >= this.limits[caller.kind]) return null;
    this.held.set(key, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left === 0) this.held.delete(key);
      else this.held.set(key, left);
    };
  }

  inUse(caller: Caller): number {
    return this.held.get(`${caller.kind}:${caller.id}`) ?? 0;
  }
}

/** The slots of this process, shared by every route. */
export const instanceSlots = new RequestSlots();

export function sessionCaller(session: SessionIdentity | null): Caller | null {
  return session ? { kind: 'session', id: session.sessionId } : null;
}

/**
 * The token a request's bearer secret stands for: its hash is what the database finds the token
 * by, so it names one token without a lookup. An unknown secret gets slots of its own and a 401.
 */
export function tokenCaller(request: Request): Caller | null {
  const secret = bearerSecret(request);
  return secret ? { kind: 'token', id: hashTokenSecret(secret) } : null;
}

export function tooManyRequestsMessage(caller: Caller, limit: number): string {
  const who = caller.kind === 'session' ? 'Your session' : 'This API token';
  return `${who} already has ${limit} requests in progress on this server. Wait for one to finish, then try again.`;
}

/**
 * `response` with the slot given back once its body has been sent, abandoned (the reader cancels,
 * the client goes away) or failed — the work of a streamed answer happens while it is sent. A
 * HEAD request sends no body, so its body is let go at once.
 */
function releasedAfterBody(request: Request, response: Response, release: () => void): Response {
  if (!response.body || request.method === 'HEAD' || request.signal.aborted) {
    release();
    void response.body?.cancel().catch(() => undefined);
    return response.body && request.method === 'HEAD' ? new Response(null, response) : response;
  }
  const reader = response.body.getReader();
  const done = () => {
    request.signal.removeEventListener('abort', done);
    release();
  };
  request.signal.addEventListener('abort', done, { once: true });
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const piece = await reader.read();
          if (piece.done) {
            done();
            controller.close();
          } else controller.enqueue(piece.value);
        } catch (error) {
          done();
          controller.error(error);
        }
      },
      async cancel(reason) {
        done();
        await reader.cancel(reason);
      },
    },
    // Nothing is read ahead of what the socket asks for (a streamed answer stays lazy).
    { highWaterMark: 0 },
  );
  return new Response(body, response);
}

/**
 * `handle`'s answer, run in one of `caller`'s slots (without one when there is no caller: such a
 * request is refused at once, or is a signed-out tRPC call of a public procedure), or `refuse`'s answer with 429 and Retry-After when
 * the caller has none free. A handler still working when its client leaves keeps its slot until it
 * returns: the work goes on, so leaving early frees nothing.
 */
export async function inCallerSlot(
  request: Request,
  caller: Caller | null,
  handle: () => Promise<Response>,
  refuse: (message: string) => Response | Promise<Response>,
  slots: RequestSlots = instanceSlots,
): Promise<Response> {
  if (!caller) return handle();
  const release = slots.take(caller);
  if (!release) {
    const refusal = await refuse(tooManyRequestsMessage(caller, slots.limits[caller.kind]));
    refusal.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
    return refusal;
  }
  let response: Response;
  try {
    response = await handle();
  } catch (error) {
    release();
    throw error;
  }
  return releasedAfterBody(request, response, release);
}
