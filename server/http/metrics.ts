// GET /api/metrics (docs/operations.md "Prometheus metrics"): a bearer token with metrics:read gets
// its tenant's counters, a token of every tenant gets all of them.
import type { PrismaClient } from '../db/generated/client';
import { serviceContext, type ServiceContext } from '../services/context';
import { readMetricTotals } from '../services/diagnostics/read-metric-totals';
import { requireBearerToken } from './bearer-token';
import { renderPrometheus } from './prometheus';

export async function handleMetrics(request: Request, context: { prisma: PrismaClient; deps?: Partial<Omit<ServiceContext, 'db'>> }): Promise<Response> {
  const ctx = serviceContext(context.prisma, context.deps);
  const auth = await requireBearerToken(request, ctx, 'metrics:read');
  if ('refused' in auth) return auth.refused;
  const totals = await readMetricTotals({ ctx, input: { tenantRef: auth.token.tenantRef } });
  return new Response(renderPrometheus(totals), {
    status: 200,
    headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' },
  });
}
