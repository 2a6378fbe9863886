import { getSessionIdentity } from '@/server/auth/session';
import { getPrisma } from '@/server/db/client';
import { handleListAgentMemories } from '@/server/http/agent-memories';
import { CONSOLE_BODY_LIMIT_BYTES } from '@/server/http/body-limit';
import { consoleOrigin } from '@/server/http/console-origin';
import { guardRestRequest } from '@/server/http/request-guard';
import { withUnexpectedErrors } from '@/server/http/unexpected-error';

export const dynamic = 'force-dynamic';

export const GET = withUnexpectedErrors('GET /agent/memories', async (request: Request) => {
  const refused = await guardRestRequest(request, { allowedOrigin: consoleOrigin(request.url), maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES });
  if (refused) return refused;
  return handleListAgentMemories(request, { session: await getSessionIdentity(), prisma: await getPrisma() });
});
