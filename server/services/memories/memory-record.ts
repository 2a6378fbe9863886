// A stored row in the shape the domain's rules take (precedence, selection, forecasts).
import type { MemoryRecord } from '../../domain';
import type { AgentMemory } from '../../db/generated/client';

/** The columns a record needs to take part in the domain rules (a table row or a raw SQL row). */
export type RecordRow = Pick<
  AgentMemory,
  'id' | 'key' | 'text' | 'scope' | 'pinned' | 'author' | 'updatedAt' | 'actorRef' | 'threadId' | 'runId'
>;

export function toMemoryRecord(row: RecordRow): MemoryRecord {
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
