// The signed-in person for server components and route handlers, loaded once per request.
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getPrisma } from '../db/client';
import { getAuthOptions, SIGN_IN_PATH } from './options';
import { loadViewer, type Viewer } from './viewer';

export async function getSessionUserId(): Promise<string | null> {
  const session = await getServerSession(getAuthOptions());
  return session?.user?.id ?? null;
}

/** The current viewer, or null when signed out, disabled or deleted. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const userId = await getSessionUserId();
  if (!userId) return null;
  return loadViewer(await getPrisma(), userId);
});

/** The current viewer; signed-out (or disabled) people are sent to the sign-in page. */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(returnTo)}`);
  return viewer;
}
