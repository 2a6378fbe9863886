import { accountRouter } from './routers/account';
import { memoriesRouter } from './routers/memories';
import { reviewRouter } from './routers/review';
import { viewerRouter } from './routers/viewer';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  viewer: viewerRouter,
  memories: memoriesRouter,
  account: accountRouter,
  review: reviewRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
