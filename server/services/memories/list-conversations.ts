// The conversations a person's visible memories came from, for the conversation filter: one
// statement, counted and joined in the database.
import type { Viewer } from '../../auth/viewer';
import { readPrepared, type ServiceCall } from '../context';
import { conversationRowSchema, conversationsSql } from './list-conversations-sql';
import { toThreadInfo, type ThreadInfo } from './thread-info';

export interface ListConversationsInput {
  viewer: Pick<Viewer, 'scopes'>;
}

export async function listConversations({
  ctx,
  input,
}: ServiceCall<ListConversationsInput>): Promise<(ThreadInfo & { memories: number })[]> {
  const rows = await readPrepared(ctx, conversationsSql(input.viewer, ctx.now()), conversationRowSchema, 'conversations');
  return rows
    .map((row) => ({ ...toThreadInfo(row.threadId, row), memories: row.memories }))
    .sort((a, b) => Number(b.exists) - Number(a.exists) || (a.title ?? a.id).localeCompare(b.title ?? b.id));
}
