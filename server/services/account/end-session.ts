// "End" on one of your sessions elsewhere: that device is signed out on its next request.
import { decideSession } from '../../domain';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { revokeSession } from './revoke-session';

export interface EndSessionInput {
  viewer: { userId: string };
  sessionId: string;
}

export async function endSession({ ctx, input }: ServiceCall<EndSessionInput>): Promise<void> {
  const session = await ctx.db.userSession.findUnique({ where: { id: input.sessionId } });
  // Someone else's session and one already ended look the same as one that never existed.
  if (!session || session.userId !== input.viewer.userId || !decideSession(session, ctx.now()).active) {
    throw notFound('That session');
  }
  await revokeSession({ ctx, input: { sessionId: input.sessionId } });
}
