// "Select all matching" on My memories (docs/features.md "Many at once"): the ids of the memories
// that apply to the person and match the page's search or conversation filter, with their count
// and kinds, so one confirmation can say exactly how many of which kind a batch will touch. Shared
// rows are included (the batch reports them refused), so the count is what the page shows.
// At most 500 ids (one batch); `total` says how many match in all.
import type { Viewer } from '../../auth/viewer';
import { actorScope, MAX_BULK_IDS } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { offeredWhere } from '../memories/visible-rows';

export interface SelectOwnMemoriesInput {
  viewer: Pick<Viewer, 'actorRef' | 'scopes'>;
  query?: string;
  threadId?: string;
}

export interface SelectedMemories {
  ids: string[];
  total: number;
  /** Of the ids: the person's own statements, the assistant's guesses about them, and shared rows. */
  kinds: { stated: number; concluded: number; shared: number };
}

export async function selectOwnMemories({ ctx, input }: ServiceCall<SelectOwnMemoriesInput, PrismaClient>): Promise<SelectedMemories> {
  const own = actorScope(input.viewer.actorRef);
  const query = input.query?.trim();
  // The rows the list shows (offered ones): the count the confirmation names is what the person sees.
  const where = offeredWhere(ctx.now(), {
    scope: { in: input.viewer.scopes },
    ...(input.threadId ? { threadId: input.threadId } : {}),
    ...(query ? { OR: [{ key: { contains: query, mode: 'insensitive' } }, { text: { contains: query, mode: 'insensitive' } }] } : {}),
  });
  const [rows, total] = await Promise.all([
    ctx.db.agentMemory.findMany({ where, select: { id: true, scope: true, author: true }, orderBy: { id: 'asc' }, take: MAX_BULK_IDS }),
    ctx.db.agentMemory.count({ where }),
  ]);
  const kinds = { stated: 0, concluded: 0, shared: 0 };
  for (const row of rows) {
    if (row.scope !== own) kinds.shared += 1;
    else if (row.author === 'human') kinds.stated += 1;
    else kinds.concluded += 1;
  }
  return { ids: rows.map((row) => row.id), total, kinds };
}
