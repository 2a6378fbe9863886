// A sign-in starts a session row; its id goes into the session cookie (server/auth/options.ts).
import { sessionExpiresAt } from '../../domain';
import type { ServiceDeps } from '../deps';

/** User-Agent headers are stored for the device label only; longer ones are cut to this. */
const MAX_USER_AGENT_CHARS = 512;

export async function startSession(deps: ServiceDeps, input: { userId: string; userAgent: string | null }): Promise<string> {
  const now = deps.now();
  const id = deps.newId('ses');
  await deps.prisma.userSession.create({
    data: {
      id,
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiresAt(now),
      userAgent: input.userAgent ? input.userAgent.slice(0, MAX_USER_AGENT_CHARS) : null,
    },
  });
  return id;
}
