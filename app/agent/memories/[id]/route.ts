import { getSessionIdentity } from '@/server/auth/session';
import { getPrisma } from '@/server/db/client';
import { handleForgetAgentMemory } from '@/server/http/agent-memories';

export const dynamic = 'force-dynamic';

export async function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return handleForgetAgentMemory(id, { session: await getSessionIdentity(), prisma: await getPrisma() });
}
