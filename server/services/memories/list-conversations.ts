// The conversations a person's visible memories came from, for the conversation filter: one
// statement, counted and joined in the database.
import type { Viewer } from '../../auth/viewer';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';
import { offeredSql } from './visible-rows';
import { threadColumnsShape, threadColumnsSql, toThreadInfo, type ThreadInfo } from './thread-info';

const conversationRowSchema = z.object({ threadId: z.string(), memories: z.number(), ...threadColumnsShape });

export interface ListConversationsInput {
  viewer: Pick<Viewer, 'scopes'>;
}

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

export async function listConversations({
  ctx,
  input,
}: ServiceCall<ListConversationsInput>): Promise<(ThreadInfo & { memories: number })[]> {
  const rows = await readRows(ctx, conversationsSql(input.viewer, ctx.now()), conversationRowSchema);
  return rows
    .map((row) => ({ ...toThreadInfo(row.threadId, row), memories: row.memories }))
    .sort((a, b) => Number(b.exists) - Number(a.exists) || (a.title ?? a.id).localeCompare(b.title ?? b.id));
}
