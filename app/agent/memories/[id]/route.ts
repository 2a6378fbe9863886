import { handleForgetAgentMemory } from '@/server/http/agent-memories';
import { nextRoute } from '@/server/http/next-route';

export const dynamic = 'force-dynamic';

export const DELETE = nextRoute(handleForgetAgentMemory);
