import { nextRoute } from '@/server/http/next-route';
import { RUNTIME_ROUTES } from '@/server/http/runtime-routes';

export const dynamic = 'force-dynamic';

export const POST = nextRoute(RUNTIME_ROUTES.resolveScopes);
