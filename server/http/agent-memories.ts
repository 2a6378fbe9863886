// The runtime client's end-user endpoints (docs/runtime-api.md "REST endpoints for the runtime client"): routes
// of the session cookie (route.ts), independent of Next.
import { z } from 'zod';
import { inputId, parseInput, runtimeRef } from '../api/inputs';
import { forgetMemory } from '../services/memories/forget-memory';
import { listAgentMemoryJson } from '../services/memories/list-agent-memory-json';
import { jsonPiecesResponse } from './json-response';
import { route } from './route';

/** One element of GET /agent/memories (written by the database: list-agent-memory-json.ts). */
export interface AgentMemoryJson {
  id: string;
  key: string;
  text: string;
  scope: string;
  pinned: boolean;
  origin: { author: 'human' | 'agent'; threadId?: string; runId?: string; actorRef?: string };
  updatedAt: string;
  overrides: { scope: string; text: string; author: 'human' | 'agent' }[];
}

const listQuerySchema = z.object({ threadId: runtimeRef.optional() });

/** GET /agent/memories: every memory the person sees, no page and no budget, streamed in parts (the runtime's contract). */
export const handleListAgentMemories = route(
  { name: 'GET /agent/memories', auth: 'session', origin: 'mutations' },
  async ({ request, viewer, ctx }) => {
    const { threadId } = parseInput(listQuerySchema, { threadId: new URL(request.url).searchParams.get('threadId') || undefined });
    return jsonPiecesResponse(listAgentMemoryJson({ ctx, input: { viewer, threadId } }));
  },
);

const forgetPathSchema = z.object({ id: inputId });

/** DELETE /agent/memories/:id: forgets one memory, as memories.forget does. */
export const handleForgetAgentMemory = route<'session', { id: string }>(
  { name: 'DELETE /agent/memories/:id', auth: 'session', origin: 'mutations' },
  async ({ viewer, ctx, params }) => {
    await forgetMemory({ ctx, input: { viewer, id: parseInput(forgetPathSchema, params).id } });
    return new Response(null, { status: 204 });
  },
);
