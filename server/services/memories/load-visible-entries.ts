// Loading what a person may see: every record at every scope resolved for them, in the shape the
// domain rules take, and what precedence makes of them. The pages a person reads no longer load
// everything (docs/architecture.md "The read path"); this full load is what list-pages.int.test.ts
// checks those pages against, and toMemoryRecord is the shape the forecasts hand the domain.
import { applyPrecedence, type MemoryRecord, type ResolvedEntry } from '../../domain';
import type { AgentMemory } from '../../db/generated/client';
import type { ServiceCall } from '../context';

/** The columns a record needs to take part in the domain rules (a table row or a raw SQL row). */
type RecordRow = Pick<AgentMemory, 'id' | 'key' | 'text' | 'scope' | 'pinned' | 'author' | 'updatedAt' | 'actorRef' | 'threadId' | 'runId'>;

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

export interface LoadVisibleEntriesInput {
  /** The viewer's resolved scopes, narrowest first. */
  scopes: string[];
}

/** The visible rows and what precedence makes of them: one entry per key, winner first. */
export async function loadVisibleEntries({ ctx, input }: ServiceCall<LoadVisibleEntriesInput>): Promise<{ rows: AgentMemory[]; entries: ResolvedEntry[] }> {
  const rows = await ctx.db.agentMemory.findMany({ where: { scope: { in: input.scopes } } });
  return { rows, entries: applyPrecedence(rows.map(toMemoryRecord), input.scopes) };
}
