// Answers requests whose path does not decode, as the route they were meant for would (see
// server/http/path-encoding.ts). proxy.ts rewrites them here with the raw path in a header.
import { DELETE as forgetAgentMemory } from '@/app/agent/memories/[id]/route';
import { GET as trpcGet, POST as trpcPost } from '@/app/api/trpc/[trpc]/route';
import { jsonError } from '@/server/http/json-response';
import { UNDECODABLE_PATH_HEADER, undecodableTarget } from '@/server/http/path-encoding';

export const dynamic = 'force-dynamic';

function notFound(): Response {
  return jsonError(404, 'NOT_FOUND', 'There is nothing at this address. Check the link for stray % signs.');
}

async function handler(request: Request): Promise<Response> {
  const raw = request.headers.get(UNDECODABLE_PATH_HEADER);
  if (!raw) return notFound();
  const rawUrl = new URL(raw, request.url);
  const target = undecodableTarget(rawUrl.pathname);

  if (target.route === 'trpc' && (request.method === 'GET' || request.method === 'POST')) {
    const repaired = new Request(new URL(target.path + rawUrl.search, request.url), {
      method: request.method,
      headers: request.headers,
      body: request.method === 'POST' ? request.body : undefined,
      duplex: 'half',
    } as RequestInit);
    return request.method === 'GET' ? trpcGet(repaired) : trpcPost(repaired);
  }
  if (target.route === 'agent-memory' && request.method === 'DELETE') {
    return forgetAgentMemory(request, { params: Promise.resolve({ id: target.id }) });
  }
  return notFound();
}

export { handler as GET, handler as POST, handler as DELETE };
