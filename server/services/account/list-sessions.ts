// The account page's list: the viewer's sessions that still let someone in, newest activity first.
import type { ServiceCall } from '../context';
import { listOpenSessions, type SessionSummary } from './list-open-sessions';

export type { SessionSummary } from './list-open-sessions';

export interface ListSessionsInput {
  viewer: { userId: string; sessionId: string };
}

export async function listSessions({ ctx, input }: ServiceCall<ListSessionsInput>): Promise<SessionSummary[]> {
  const { viewer } = input;
  return listOpenSessions({ ctx, input: { userId: viewer.userId, currentSessionId: viewer.sessionId } });
}
