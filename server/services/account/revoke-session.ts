// Ending one session (sign-out): it stops letting its holder in from now on.
import type { ServiceCall } from '../context';

export interface RevokeSessionInput {
  sessionId: string;
}

export async function revokeSession({ ctx, input }: ServiceCall<RevokeSessionInput>): Promise<void> {
  await ctx.db.userSession.updateMany({ where: { id: input.sessionId, revokedAt: null }, data: { revokedAt: ctx.now() } });
}
