// Memories as the signed-in person sees them.
import { listOwnMemories } from '../../services/memories/list-own-memories';
import { protectedProcedure, router } from '../trpc';

export const memoriesRouter = router({
  listOwn: protectedProcedure.query(({ ctx }) => listOwnMemories(ctx.deps.prisma, ctx.viewer)),
});
