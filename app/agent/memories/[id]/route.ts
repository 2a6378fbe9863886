import { getSessionIdentity } from '@/server/auth/session';
import { getPrisma } from '@/server/db/client';
import { handleForgetAgentMemory } from '@/server/http/agent-memories';
import { CONSOLE_BODY_LIMIT_BYTES } from '@/server/http/body-limit';
import { consoleOrigin } from '@/server/http/console-origin';
import { guardRestRequest } from '@/server/http/request-guard';
import { sessionRoute } from '@/server/http/request-slots';

export const dynamic = 'force-dynamic';

export const DELETE = sessionRoute(
  'DELETE /agent/memories/:id',
  getSessionIdentity,
  async (request, session, { params }: { params: Promise<{ id: string }> }) => {
    const refused = await guardRestRequest(request, { allowedOrigin: consoleOrigin(request.url), maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES });
    if (refused) return refused;
    const { id } = await params;
    return handleForgetAgentMemory(id, { session, prisma: await getPrisma() });
  },
);
