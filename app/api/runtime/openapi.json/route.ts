import { nextRoute } from '@/server/http/next-route';
import { runtimeOpenApiRoute } from '@/server/http/runtime-routes';

export const dynamic = 'force-static';

export const GET = nextRoute(runtimeOpenApiRoute);
