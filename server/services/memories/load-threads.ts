// The conversations memories came from, by id; one that was deleted or never recorded is marked
// as gone rather than left out.
import type { ServiceCall } from '../context';

export interface ThreadInfo {
  id: string;
  title: string | null;
  /** False when the conversation was deleted or never recorded: the memory stays, the link does not. */
  exists: boolean;
}

export interface LoadThreadsInput {
  threadIds: string[];
}

export async function loadThreads({ ctx, input }: ServiceCall<LoadThreadsInput>): Promise<Map<string, ThreadInfo>> {
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
