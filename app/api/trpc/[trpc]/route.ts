import { createContext } from '@/server/api/context';
import { nextRoute } from '@/server/http/next-route';
import { trpcRoute } from '@/server/http/trpc-handler';

export const dynamic = 'force-dynamic';

const handler = nextRoute(trpcRoute(createContext));

export { handler as GET, handler as POST };
