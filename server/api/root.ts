import { accountRouter } from './routers/account';
import { auditRouter } from './routers/audit';
import { factsRouter } from './routers/facts';
import { memoriesRouter } from './routers/memories';
import { previewRouter } from './routers/preview';
import { tenantsRouter } from './routers/tenants';
import { tokensRouter } from './routers/tokens';
import { promoteProcedures } from './routers/promote';
import { viewerRouter } from './routers/viewer';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  viewer: viewerRouter,
  memories: memoriesRouter,
  account: accountRouter,
  audit: auditRouter,
  preview: previewRouter,
  facts: factsRouter,
  tenants: tenantsRouter,
  tokens: tokensRouter,
  // Until the review router exists: its promote procedure, standalone (routers/promote.ts).
  promote: router(promoteProcedures),
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
