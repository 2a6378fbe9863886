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

/** The conversations with their memory counts, one statement. */
export function conversationsSql(viewer: ListConversationsInput['viewer'], now: Date): Prisma.Sql {
  return Prisma.sql`SELECT m."threadId", count(*)::int AS "memories", ${threadColumnsSql('t')}
      FROM "agent_memory" m LEFT JOIN "thread" t ON t."id" = m."threadId"
      WHERE m."scope" = ANY(${[...viewer.scopes]}::text[]) AND m."threadId" IS NOT NULL AND ${offeredSql('m', now)}
      GROUP BY m."threadId", t."id"`;
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
