// GET /api/metrics (docs/operations.md "Prometheus metrics"): a bearer token with metrics:read gets its
// tenant's counters, a token of every tenant gets all of them.
import { readMetricTotals } from '../services/diagnostics/read-metric-totals';
import { renderPrometheus } from './prometheus';
import { route } from './route';

export const handleMetrics = route({ name: 'GET /api/metrics', auth: 'token:metrics:read', origin: 'none' }, async ({ ctx, token }) => {
  const totals = await readMetricTotals({ ctx, input: { tenantRef: token.tenantRef } });
  return new Response(renderPrometheus(totals), {
    status: 200,
    headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' },
  });
});
