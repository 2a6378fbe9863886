// A sign-in starts a session row; its id goes into the session cookie (server/auth/options.ts).
import { sessionExpiresAt } from '../../domain';
import type { ServiceCall } from '../context';

/** User-Agent headers are stored for the device label only; longer ones are cut to this. */
const MAX_USER_AGENT_CHARS = 512;

export interface StartSessionInput {
  userId: string;
  userAgent: string | null;
}

export async function startSession({ ctx, input }: ServiceCall<StartSessionInput>): Promise<string> {
  const now = ctx.now();
  const id = ctx.newId('ses');
  await ctx.db.userSession.create({
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
