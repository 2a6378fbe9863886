import { accountRouter } from './routers/account';
import { factsRouter } from './routers/facts';
import { memoriesRouter } from './routers/memories';
import { tenantsRouter } from './routers/tenants';
import { viewerRouter } from './routers/viewer';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  viewer: viewerRouter,
  memories: memoriesRouter,
  account: accountRouter,
  facts: factsRouter,
  tenants: tenantsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
