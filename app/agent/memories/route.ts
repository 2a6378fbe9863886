import { getSessionIdentity } from '@/server/auth/session';
import { getDatabase } from '@/server/db/client';
import { readRunnerOf } from '@/server/db/open-database';
import { handleListAgentMemories } from '@/server/http/agent-memories';
import { CONSOLE_BODY_LIMIT_BYTES } from '@/server/http/body-limit';
import { consoleOrigin } from '@/server/http/console-origin';
import { guardRestRequest } from '@/server/http/request-guard';
import { sessionRoute } from '@/server/http/request-slots';

export const dynamic = 'force-dynamic';

export const GET = sessionRoute('GET /agent/memories', getSessionIdentity, async (request, session) => {
  const refused = await guardRestRequest(request, { allowedOrigin: consoleOrigin(request.url), maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES });
  if (refused) return refused;
  const db = await getDatabase();
  const sql = readRunnerOf(db);
  return handleListAgentMemories(request, { session, prisma: db.prisma, ...(sql ? { deps: { sql } } : {}) });
});
