// "Forget everything from this conversation" (docs/features.md "Many at once"): every memory of
// the person's own that names the conversation, in batches of 500 through the one bulk path, so
// each is judged and audited like any forget. Shared rows never name a person's conversation.
import { actorScope, MAX_BULK_IDS, summarizeBulk, type BulkItemResult } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { actOnMemories, type ActOnMemoriesInput, type ActOnMemoriesResult } from './act-on-memories';

export interface ForgetConversationInput {
  viewer: ActOnMemoriesInput['viewer'];
  threadId: string;
}

export async function forgetConversation({ ctx, input }: ServiceCall<ForgetConversationInput, PrismaClient>): Promise<ActOnMemoriesResult> {
  const results: BulkItemResult[] = [];
  let after = '';
  for (;;) {
    const batch = await ctx.db.agentMemory.findMany({
      where: { scope: actorScope(input.viewer.actorRef), threadId: input.threadId, id: { gt: after } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: MAX_BULK_IDS,
    });
    if (batch.length === 0) break;
    const ids = batch.map((row) => row.id);
    results.push(...(await actOnMemories({ ctx, input: { viewer: input.viewer, as: 'person', ids, action: 'forget' } })).results);
    after = ids[ids.length - 1]!;
    if (batch.length < MAX_BULK_IDS) break;
  }
  return { results, counts: summarizeBulk(results) };
}
