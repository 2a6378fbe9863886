import { getSessionIdentity } from '@/server/auth/session';
import { getPrisma } from '@/server/db/client';
import { handleListAgentMemories } from '@/server/http/agent-memories';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  return handleListAgentMemories(request, { session: await getSessionIdentity(), prisma: await getPrisma() });
}
