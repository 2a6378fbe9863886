// The signed-in person for server components and route handlers, loaded once per request.
import { getToken } from 'next-auth/jwt';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDatabase } from '../db/client';
import { readRunnerOf } from '../db/open-database';
import { RETURN_TO_HEADER, sameOriginPath } from '../http/safe-redirect';
import { keptDecode } from './kept-decode';
import { getAuthOptions, SIGN_IN_PATH } from './options';
import type { SessionIdentity } from '../services/account/check-session';
import { serviceContext } from '../services/context';
import { loadSessionViewer, type SessionViewer } from './viewer';

/** next-auth's decode, each cookie's payload kept once decoded (kept-decode.ts). */
const decodeCookie = keptDecode();

/**
 * Who the session cookie names (user and session row), or null without a valid one. The cookie is
 * only decoded here: whether its session is still open is checked once, by the viewer load that
 * follows (loadSessionViewer), not a second time through next-auth's callbacks.
 */
export async function getSessionIdentity(): Promise<SessionIdentity | null> {
  // The cookie only: no Authorization header, so the Origin rule's "cookie-authenticated" holds.
  const request = { cookies: await cookies(), headers: {} } as unknown as Parameters<typeof getToken>[0]['req'];
  const token = await getToken({ req: request, secret: getAuthOptions().secret, decode: decodeCookie });
  return token?.sub && token.sid ? { userId: token.sub, sessionId: token.sid } : null;
}

/** The current viewer, or null when signed out, the session has ended, or the user is disabled or deleted. */
export const getViewer = cache(async (): Promise<SessionViewer | null> => {
  const identity = await getSessionIdentity();
  if (!identity) return null;
  const db = await getDatabase();
  const sql = readRunnerOf(db);
  return loadSessionViewer(serviceContext(db.prisma, sql ? { sql } : {}), identity);
});

/**
 * The current viewer; signed-out (or disabled) people are sent to the sign-in page, which returns
 * them to the page they asked for (path and query, as proxy.ts recorded it) or else to `fallback`.
 */
export async function requireViewer(fallback: string): Promise<SessionViewer> {
  const viewer = await getViewer();
  if (!viewer) {
    const returnTo = sameOriginPath((await headers()).get(RETURN_TO_HEADER), fallback);
    redirect(`${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(returnTo)}`);
  }
  return viewer;
}
