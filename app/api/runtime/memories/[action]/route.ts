import { nextRoute } from '@/server/http/next-route';
import { runtimeMemoriesRoute } from '@/server/http/runtime-routes';

export const dynamic = 'force-dynamic';

export const POST = nextRoute(runtimeMemoriesRoute);
