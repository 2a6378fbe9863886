import { accountRouter } from './routers/account';
import { memoriesRouter } from './routers/memories';
import { viewerRouter } from './routers/viewer';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  viewer: viewerRouter,
  memories: memoriesRouter,
  account: accountRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
