import { getPrisma } from '@/server/db/client';
import { consoleOrigin } from '@/server/http/console-origin';
import { jsonError } from '@/server/http/json-response';
import { handleRuntimeMemories, isRuntimeMemoryAction } from '@/server/http/runtime-memories';
import { tokenRoute } from '@/server/http/request-slots';

export const dynamic = 'force-dynamic';

export const POST = tokenRoute(
  'POST /api/runtime/memories',
  async (request, { params }: { params: Promise<{ action: string }> }) => {
    const { action } = await params;
    if (!isRuntimeMemoryAction(action)) return jsonError(404, 'NOT_FOUND', 'The runtime API has list, write, forget and search.');
    return handleRuntimeMemories(action, request, { prisma: await getPrisma(), allowedOrigin: consoleOrigin(request.url) });
  },
);
