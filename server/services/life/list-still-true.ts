// "Still true?" (docs/features.md "My memories"): at most once a week, the person's oldest own
// memories untouched for 180 days and never answered, three at a time. Showing the panel records
// the moment (`markStillTrueAsked`), so it is not shown again for a week whatever they answer;
// "Yes" confirms (memories.act `confirm`), "Edit" saves, "Forget" forgets — each stops the asking.
import type { Viewer } from '../../auth/viewer';
import { actorScope } from '../../domain';
import { DAY_MS, mayAskStillTrue, STILL_TRUE_MAX_ITEMS, STILL_TRUE_MIN_AGE_DAYS, stillTrueQuestions } from '../../domain/memory-life';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { offeredWhere } from '../memories/visible-rows';

export interface StillTrueQuestion {
  id: string;
  key: string;
  text: string;
  author: 'human' | 'agent';
  version: number;
  updatedAt: string;
}

export async function listStillTrue({
  ctx,
  input,
}: ServiceCall<{ viewer: Pick<Viewer, 'userId' | 'actorRef'> }, PrismaClient>): Promise<{ questions: StillTrueQuestion[] }> {
  const now = ctx.now();
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: input.viewer.userId }, select: { stillTrueAskedAt: true } });
  if (!mayAskStillTrue(user.stillTrueAskedAt, now)) return { questions: [] };
  const rows = await ctx.db.agentMemory.findMany({
    where: offeredWhere(now, {
      scope: actorScope(input.viewer.actorRef),
      confirmedAt: null,
      updatedAt: { lte: new Date(now.getTime() - STILL_TRUE_MIN_AGE_DAYS * DAY_MS) },
    }),
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    take: STILL_TRUE_MAX_ITEMS,
  });
  return {
    questions: stillTrueQuestions(rows, input.viewer.actorRef, now).map((row) => ({
      id: row.id,
      key: row.key,
      text: row.text,
      author: row.author,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}
