// The signed-in person for server components and route handlers, loaded once per request.
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getPrisma } from '../db/client';
import { getAuthOptions, SIGN_IN_PATH } from './options';
import type { SessionIdentity } from '../services/account/check-session';
import { serviceContext } from '../services/context';
import { loadSessionViewer, type SessionViewer } from './viewer';

/** Who the session cookie names (user and session row), or null without one. */
export async function getSessionIdentity(): Promise<SessionIdentity | null> {
  const session = await getServerSession(getAuthOptions());
  const userId = session?.user?.id;
  return userId && session.sessionId ? { userId, sessionId: session.sessionId } : null;
}

/** The current viewer, or null when signed out, the session has ended, or the user is disabled or deleted. */
export const getViewer = cache(async (): Promise<SessionViewer | null> => {
  const identity = await getSessionIdentity();
  if (!identity) return null;
  return loadSessionViewer(serviceContext(await getPrisma()), identity);
});

/** The current viewer; signed-out (or disabled) people are sent to the sign-in page. */
export async function requireViewer(returnTo: string): Promise<SessionViewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(returnTo)}`);
  return viewer;
}
