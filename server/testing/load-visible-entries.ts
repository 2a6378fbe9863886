// The oracle of the read path's tests: everything a person may see, loaded whole and put through
// the domain's precedence. The pages a person reads never load everything (docs/architecture.md
// "The read path"); list-pages.int.test.ts checks them against this.
import { applyPrecedence, type ResolvedEntry } from '../domain';
import type { AgentMemory } from '../db/generated/client';
import type { ServiceCall } from '../services/context';
import { toMemoryRecord } from '../services/memories/memory-record';

export interface LoadVisibleEntriesInput {
  /** The viewer's resolved scopes, narrowest first. */
  scopes: string[];
}

/** The visible rows and what precedence makes of them: one entry per key, winner first. */
export async function loadVisibleEntries({
  ctx,
  input,
}: ServiceCall<LoadVisibleEntriesInput>): Promise<{ rows: AgentMemory[]; entries: ResolvedEntry[] }> {
  const rows = await ctx.db.agentMemory.findMany({ where: { scope: { in: input.scopes } } });
  return { rows, entries: applyPrecedence(rows.map(toMemoryRecord), input.scopes) };
}
