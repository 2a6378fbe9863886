// The person's own memories that are not offered (docs/concepts.md "The life of a memory"): muted
// ones (restorable in one click) and expired ones (kept 30 days: restore = save again, or delete
// now). An expiry that has passed counts at once, before the job moves the row. Newest change first.
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { actorScope, lifeStatus, MEMORY_STATES } from '../../domain';
import { Prisma } from '../../db/generated/client';
import { readPrepared, type ServiceCall } from '../context';
import { notOfferedSql } from '../memories/visible-rows';

export const INACTIVE_LIMIT = 200;

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

const inactiveRowSchema = z.object({
  id: z.string(),
  key: z.string(),
  text: z.string(),
  author: z.enum(['human', 'agent']),
  version: z.number(),
  state: z.enum(MEMORY_STATES),
  expiresAt: z.date().nullable(),
  expiredAt: z.date().nullable(),
});

/** One raw statement, kept prepared where the pool allows: My memories asks on every load. */
function inactiveMemoriesSql(scope: string, now: Date): Prisma.Sql {
  return Prisma.sql`SELECT m."id", m."key", m."text", m."author"::text AS "author", m."version", m."state"::text AS "state", m."expiresAt", m."expiredAt"
    FROM "agent_memory" m
    WHERE m."scope" = ${scope} AND ${notOfferedSql('m', now)}
    ORDER BY m."updatedAt" DESC, m."id" ASC
    LIMIT ${INACTIVE_LIMIT}`;
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
