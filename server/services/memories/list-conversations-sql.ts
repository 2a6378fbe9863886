// The statement behind the conversation filter (list-conversations.ts) and the schema of its rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import type { ListConversationsInput } from './list-conversations';
import { threadColumnsShape, threadColumnsSql } from './thread-info-sql';
import { offeredSql } from './visible-rows';

/** A conversation with how many of the person's visible memories came from it. */
export const conversationRowSchema = z.object({ threadId: z.string(), memories: z.number(), ...threadColumnsShape });

/**
 * The conversations with their memory counts, one statement. The person's memories are counted per
 * conversation first; each conversation found is then looked up by its id (the `LIMIT 1` keeps the
 * lookup a nested index probe the planner cannot turn into a join over every thread), so the cost
 * follows the person's memories, not how many conversations their organisation has.
 */
export function conversationsSql(viewer: ListConversationsInput['viewer'], now: Date): Prisma.Sql {
  return Prisma.sql`SELECT c."threadId", c."memories", ${threadColumnsSql('t')}
      FROM (SELECT m."threadId", count(*)::int AS "memories" FROM "agent_memory" m
        WHERE m."scope" = ANY(${[...viewer.scopes]}::text[]) AND m."threadId" IS NOT NULL AND ${offeredSql('m', now)}
        GROUP BY m."threadId") c
      LEFT JOIN LATERAL (SELECT t."id", t."title", t."deletedAt" FROM "thread" t WHERE t."id" = c."threadId" LIMIT 1) t ON TRUE`;
}
