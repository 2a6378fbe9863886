import { nextRoute } from '@/server/http/next-route';
import { runtimeFactsRoute } from '@/server/http/runtime-routes';

export const dynamic = 'force-dynamic';

export const POST = nextRoute(runtimeFactsRoute);
