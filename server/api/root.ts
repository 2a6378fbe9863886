import { accountRouter } from './routers/account';
import { alertsRouter } from './routers/alerts';
import { auditRouter } from './routers/audit';
import { factsRouter } from './routers/facts';
import { grantsRouter } from './routers/grants';
import { memoriesRouter } from './routers/memories';
import { opsRouter } from './routers/ops';
import { peopleRouter } from './routers/people';
import { previewRouter } from './routers/preview';
import { tenantsRouter } from './routers/tenants';
import { tokensRouter } from './routers/tokens';
import { reviewRouter } from './routers/review';
import { membershipsRouter, scopesRouter } from './routers/scopes';
import { viewerRouter } from './routers/viewer';
import { webhooksRouter } from './routers/webhooks';
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
  review: reviewRouter,
  alerts: alertsRouter,
  ops: opsRouter,
  webhooks: webhooksRouter,
  grants: grantsRouter,
  scopes: scopesRouter,
  memberships: membershipsRouter,
  people: peopleRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
