import { handleListAgentMemories } from '@/server/http/agent-memories';
import { nextRoute } from '@/server/http/next-route';

export const dynamic = 'force-dynamic';

export const GET = nextRoute(handleListAgentMemories);
