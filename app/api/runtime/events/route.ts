import { getDatabase } from '@/server/db/client';
import { consoleOrigin } from '@/server/http/console-origin';
import { handleRuntimeEvents } from '@/server/http/runtime-events';
import { apiSecurityHeaders } from '@/server/http/security-headers';
import { withUnexpectedErrors } from '@/server/http/unexpected-error';

export const dynamic = 'force-dynamic';

const ingest = withUnexpectedErrors('POST /api/runtime/events', async (request: Request) => {
  const database = await getDatabase();
  return handleRuntimeEvents(request, {
    prisma: database.prisma,
    sql: database.pool,
    allowedOrigin: consoleOrigin(request.url),
  });
});

// proxy.ts does not run on this route (large bodies), so every answer gets its security headers here.
export async function POST(request: Request): Promise<Response> {
  const response = await ingest(request);
  for (const [name, value] of Object.entries(apiSecurityHeaders(request))) response.headers.set(name, value);
  return response;
}
