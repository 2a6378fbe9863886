// Ending all of a user's sessions, except possibly the one in use.
import type { ServiceCall } from '../context';

export interface RevokeUserSessionsInput {
  userId: string;
  /** The session to leave open (the one making the request), if any. */
  keep?: string;
}

/** Revokes every open session of the user except `keep`; answers how many it ended. */
export async function revokeUserSessions({ ctx, input }: ServiceCall<RevokeUserSessionsInput>): Promise<number> {
  const { count } = await ctx.db.userSession.updateMany({
    where: { userId: input.userId, revokedAt: null, ...(input.keep ? { id: { not: input.keep } } : {}) },
    data: { revokedAt: ctx.now() },
  });
  return count;
}
