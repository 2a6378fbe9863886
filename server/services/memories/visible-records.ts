// Loading what a person may see: every record at every scope resolved for them, in the shape the
// domain rules take, plus the conversations those records came from.
import { applyPrecedence, type MemoryRecord, type ResolvedEntry } from '../../domain';
import type { AgentMemory } from '../../db/generated/client';
import type { Db } from '../deps';

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

export async function loadVisibleRows(db: Db, scopes: string[]): Promise<AgentMemory[]> {
  return db.agentMemory.findMany({ where: { scope: { in: scopes } } });
}

/** The visible rows and what precedence makes of them: one entry per key, winner first. */
export async function loadVisibleEntries(db: Db, scopes: string[]): Promise<{ rows: AgentMemory[]; entries: ResolvedEntry[] }> {
  const rows = await loadVisibleRows(db, scopes);
  return { rows, entries: applyPrecedence(rows.map(toMemoryRecord), scopes) };
}

export interface ThreadInfo {
  id: string;
  title: string | null;
  /** False when the conversation was deleted or never recorded: the memory stays, the link does not. */
  exists: boolean;
}

export async function loadThreads(db: Db, threadIds: string[]): Promise<Map<string, ThreadInfo>> {
  const unique = [...new Set(threadIds)];
  const rows = unique.length ? await db.thread.findMany({ where: { id: { in: unique } } }) : [];
  const found = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    unique.map((id) => {
      const row = found.get(id);
      const exists = Boolean(row && !row.deletedAt);
      return [id, { id, title: exists ? row!.title : null, exists }];
    }),
  );
}
