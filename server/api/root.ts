import { accountRouter } from './routers/account';
import { memoriesRouter } from './routers/memories';
import { promoteProcedures } from './routers/promote';
import { viewerRouter } from './routers/viewer';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  viewer: viewerRouter,
  memories: memoriesRouter,
  account: accountRouter,
  // Until the review router exists: its promote procedure, standalone (routers/promote.ts).
  promote: router(promoteProcedures),
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
