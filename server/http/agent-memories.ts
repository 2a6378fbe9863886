// The runtime client's end-user endpoints (README "REST endpoints for the runtime client"),
// independent of Next: each handler takes the session's identity (or null) and a database, and
// answers with a Response.
import { z } from 'zod';
import { inputId, parseInput, runtimeRef } from '../api/inputs';
import { loadSessionViewer, type Viewer } from '../auth/viewer';
import type { SessionIdentity } from '../services/account/check-session';
import type { PrismaClient } from '../db/generated/client';
import { serviceContext, type ServiceContext } from '../services/context';
import { forgetMemory } from '../services/memories/forget-memory';
import { listAgentMemoryJson } from '../services/memories/list-agent-memory-json';
import { errorResponse, jsonPiecesResponse, unauthorized } from './json-response';

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

export interface AgentRequestContext {
  /** What the session cookie names, or null without one. */
  session: SessionIdentity | null;
  prisma: PrismaClient;
  /** Tests fix the clock and ids; the app uses the real ones. */
  deps?: Partial<Omit<ServiceContext, 'db'>>;
}

/** Loads the viewer fresh (401 when signed out, the session has ended, or the user is disabled) and maps refusals to their status. */
async function asViewer(
  context: AgentRequestContext,
  handle: (viewer: Viewer, ctx: ServiceContext<PrismaClient>) => Promise<Response>,
): Promise<Response> {
  try {
    const ctx = serviceContext(context.prisma, context.deps);
    const viewer = context.session ? await loadSessionViewer(ctx, context.session) : null;
    return viewer ? await handle(viewer, ctx) : unauthorized();
  } catch (error) {
    return errorResponse(error);
  }
}

const listQuerySchema = z.object({ threadId: runtimeRef.optional() });

export function handleListAgentMemories(request: Request, context: AgentRequestContext): Promise<Response> {
  return asViewer(context, async (viewer, ctx) => {
    const { threadId } = parseInput(listQuerySchema, { threadId: new URL(request.url).searchParams.get('threadId') || undefined });
    // The runtime contract: every visible memory, no page and no budget, streamed in parts.
    return jsonPiecesResponse(listAgentMemoryJson({ ctx, input: { viewer, threadId } }));
  });
}

const forgetPathSchema = z.object({ id: inputId });

export function handleForgetAgentMemory(id: string, context: AgentRequestContext): Promise<Response> {
  return asViewer(context, async (viewer, ctx) => {
    await forgetMemory({ ctx, input: { viewer, id: parseInput(forgetPathSchema, { id }).id } });
    return new Response(null, { status: 204 });
  });
}
