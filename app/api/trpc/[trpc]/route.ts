import { createContext } from '@/server/api/context';
import { CONSOLE_BODY_LIMIT_BYTES } from '@/server/http/body-limit';
import { consoleOrigin } from '@/server/http/console-origin';
import { handleTrpcRequest } from '@/server/http/trpc-handler';

export const dynamic = 'force-dynamic';

function handler(request: Request) {
  return handleTrpcRequest(request, {
    createContext,
    allowedOrigin: consoleOrigin(request.url),
    maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES,
  });
}

export { handler as GET, handler as POST };
