import { getSessionIdentity } from '@/server/auth/session';
import { getDatabase } from '@/server/db/client';
import { readRunnerOf } from '@/server/db/open-database';
import { handleListAgentMemories } from '@/server/http/agent-memories';
import { CONSOLE_BODY_LIMIT_BYTES } from '@/server/http/body-limit';
import { consoleOrigin } from '@/server/http/console-origin';
import { guardRestRequest } from '@/server/http/request-guard';
import { withUnexpectedErrors } from '@/server/http/unexpected-error';

export const dynamic = 'force-dynamic';

export const GET = withUnexpectedErrors('GET /agent/memories', async (request: Request) => {
  const refused = await guardRestRequest(request, { allowedOrigin: consoleOrigin(request.url), maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES });
  if (refused) return refused;
  const db = await getDatabase();
  const sql = readRunnerOf(db);
  return handleListAgentMemories(request, { session: await getSessionIdentity(), prisma: db.prisma, ...(sql ? { deps: { sql } } : {}) });
});
