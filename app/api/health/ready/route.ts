import { readyRoute } from '@/server/http/health';
import { nextRoute } from '@/server/http/next-route';

export const dynamic = 'force-dynamic';

export const GET = nextRoute(readyRoute);
