// Loading what a person may see: every record at every scope resolved for them, in the shape the
// domain rules take, plus the conversations those records came from.
import { applyPrecedence, type MemoryRecord, type ResolvedEntry } from '../../domain';
import type { AgentMemory } from '../../db/generated/client';
import type { ServiceContext } from '../context';

export function toMemoryRecord(row: AgentMemory): MemoryRecord {
  return {
    id: row.id,
    key: row.key,
    text: row.text,
    scope: row.scope,
    pinned: row.pinned,
    author: row.author,
    updatedAt: row.updatedAt,
    actorRef: row.actorRef ?? undefined,
    threadId: row.threadId ?? undefined,
    runId: row.runId ?? undefined,
  };
}

export async function loadVisibleRows({ ctx, input }: { ctx: ServiceContext; input: { scopes: string[] } }): Promise<AgentMemory[]> {
  return ctx.db.agentMemory.findMany({ where: { scope: { in: input.scopes } } });
}

/** The visible rows and what precedence makes of them: one entry per key, winner first. */
export async function loadVisibleEntries({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { scopes: string[] };
}): Promise<{ rows: AgentMemory[]; entries: ResolvedEntry[] }> {
  const rows = await loadVisibleRows({ ctx, input });
  return { rows, entries: applyPrecedence(rows.map(toMemoryRecord), input.scopes) };
}

export interface ThreadInfo {
  id: string;
  title: string | null;
  /** False when the conversation was deleted or never recorded: the memory stays, the link does not. */
  exists: boolean;
}

export async function loadThreads({ ctx, input }: { ctx: ServiceContext; input: { threadIds: string[] } }): Promise<Map<string, ThreadInfo>> {
  const unique = [...new Set(input.threadIds)];
  const rows = unique.length ? await ctx.db.thread.findMany({ where: { id: { in: unique } } }) : [];
  const found = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    unique.map((id) => {
      const row = found.get(id);
      const exists = Boolean(row && !row.deletedAt);
      return [id, { id, title: exists ? row!.title : null, exists }];
    }),
  );
}
