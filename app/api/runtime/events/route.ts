import { getDatabase } from '@/server/db/client';
import { consoleOrigin } from '@/server/http/console-origin';
import { handleRuntimeEvents } from '@/server/http/runtime-events';
import { withUnexpectedErrors } from '@/server/http/unexpected-error';

export const dynamic = 'force-dynamic';

export const POST = withUnexpectedErrors('POST /api/runtime/events', async (request: Request) => {
  const database = await getDatabase();
  return handleRuntimeEvents(request, {
    prisma: database.prisma,
    sql: database.pool,
    allowedOrigin: consoleOrigin(request.url),
  });
});
