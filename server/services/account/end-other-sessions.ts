// "Sign out everywhere else": every session of the viewer ends except the one in use.
import type { ServiceCall } from '../context';
import { revokeUserSessions } from './revoke-user-sessions';

export interface EndOtherSessionsInput {
  viewer: { userId: string; sessionId: string };
}

export async function endOtherSessions({ ctx, input }: ServiceCall<EndOtherSessionsInput>): Promise<{ ended: number }> {
  const { viewer } = input;
  return { ended: await revokeUserSessions({ ctx, input: { userId: viewer.userId, keep: viewer.sessionId } }) };
}
