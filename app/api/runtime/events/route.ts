import { getDatabase } from '@/server/db/client';
import { consoleOrigin } from '@/server/http/console-origin';
import { handleRuntimeEvents } from '@/server/http/runtime-events';
import { tokenRoute } from '@/server/http/request-slots';

export const dynamic = 'force-dynamic';

export const POST = tokenRoute('POST /api/runtime/events', async (request) => {
  const database = await getDatabase();
  return handleRuntimeEvents(request, {
    prisma: database.prisma,
    sql: database.pool,
    allowedOrigin: consoleOrigin(request.url),
  });
});
