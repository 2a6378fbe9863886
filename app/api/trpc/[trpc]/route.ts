import { createContext } from '@/server/api/context';
import { getSessionIdentity } from '@/server/auth/session';
import { CONSOLE_BODY_LIMIT_BYTES } from '@/server/http/body-limit';
import { consoleOrigin } from '@/server/http/console-origin';
import { sessionCaller } from '@/server/http/request-slots';
import { handleTrpcRequest } from '@/server/http/trpc-handler';

export const dynamic = 'force-dynamic';

async function handler(request: Request) {
  // Read once, for the session's slot and the context; a cookie that cannot be read is read again
  // by the context, inside tRPC, so its failure is answered in tRPC's shape.
  const session = await getSessionIdentity().catch(() => undefined);
  return handleTrpcRequest(request, {
    createContext: () => createContext(session),
    caller: sessionCaller(session ?? null),
    allowedOrigin: consoleOrigin(request.url),
    maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES,
  });
}

export { handler as GET, handler as POST };
