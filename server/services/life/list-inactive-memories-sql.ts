// The statement behind the muted and expired memories of a person (list-inactive-memories.ts), and
// the schema of its rows.
import { z } from 'zod';
import { MEMORY_STATES } from '../../domain';
import { Prisma } from '../../db/generated/client';
import { notOfferedSql } from '../memories/visible-rows';

/** At most this many are listed, newest change first. */
export const INACTIVE_LIMIT = 200;

export const inactiveRowSchema = z.object({
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
export function inactiveMemoriesSql(scope: string, now: Date): Prisma.Sql {
  return Prisma.sql`SELECT m."id", m."key", m."text", m."author"::text AS "author", m."version", m."state"::text AS "state", m."expiresAt", m."expiredAt"
    FROM "agent_memory" m
    WHERE m."scope" = ${scope} AND ${notOfferedSql('m', now)}
    ORDER BY m."updatedAt" DESC, m."id" ASC
    LIMIT ${INACTIVE_LIMIT}`;
}
