// Who am I: what the shell shows (name, tenant, which sections to offer).
import { protectedProcedure, router } from '../trpc';

export const viewerRouter = router({
  me: protectedProcedure.query(({ ctx }) => ({
    name: ctx.viewer.name,
    email: ctx.viewer.email,
    actorRef: ctx.viewer.actorRef,
    tenant: ctx.viewer.tenant,
    scopes: ctx.viewer.scopes,
    isAdmin: ctx.viewer.isAdmin,
    isOperator: ctx.viewer.isOperator,
  })),
});
