// The person's own memories that are not offered (docs/concepts.md "The life of a memory"): muted
// ones (restorable in one click) and expired ones (kept 30 days: restore = save again, or delete
// now). An expiry that has passed counts at once, before the job moves the row. Newest change first.
import type { Viewer } from '../../auth/viewer';
import { actorScope, lifeStatus } from '../../domain';
import { readPrepared, type ServiceCall } from '../context';
import { inactiveMemoriesSql, inactiveRowSchema } from './list-inactive-memories-sql';

export interface InactiveMemory {
  id: string;
  key: string;
  text: string;
  author: 'human' | 'agent';
  version: number;
  state: 'muted' | 'expired';
  /** For an expired one: when the job deletes it. */
  deleteAfter: string | null;
}

export async function listInactiveMemories({
  ctx,
  input,
}: ServiceCall<{ viewer: Pick<Viewer, 'actorRef'> }>): Promise<{ muted: InactiveMemory[]; expired: InactiveMemory[] }> {
  const now = ctx.now();
  const rows = await readPrepared(ctx, inactiveMemoriesSql(actorScope(input.viewer.actorRef), now), inactiveRowSchema, 'inactive_memories');
  const muted: InactiveMemory[] = [];
  const expired: InactiveMemory[] = [];
  for (const row of rows) {
    const status = lifeStatus(row, now);
    const item = {
      id: row.id,
      key: row.key,
      text: row.text,
      author: row.author,
      version: row.version,
      state: status.kind === 'expired' ? ('expired' as const) : ('muted' as const),
      deleteAfter: status.kind === 'expired' ? status.deleteAfter.toISOString() : null,
    };
    if (status.kind === 'expired') expired.push(item);
    else if (status.kind === 'muted') muted.push(item);
  }
  return { muted, expired };
}
