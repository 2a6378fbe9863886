// The "Still true?" panel was shown (list-still-true.ts): not again for a week.
import type { Viewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';

/** The panel was shown: not again for a week. */
export async function markStillTrueAsked({ ctx, input }: ServiceCall<{ viewer: Pick<Viewer, 'userId'> }, PrismaClient>): Promise<void> {
  await ctx.db.user.update({ where: { id: input.viewer.userId }, data: { stillTrueAskedAt: ctx.now() } });
}
