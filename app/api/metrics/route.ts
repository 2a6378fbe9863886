import { handleMetrics } from '@/server/http/metrics';
import { nextRoute } from '@/server/http/next-route';

export const dynamic = 'force-dynamic';

export const GET = nextRoute(handleMetrics);
