// How many memories the assistant holds at a person's own scope and offers now (visible-rows.ts
// decides which rows those are): the count on a person's page for their administrators. The
// caller has checked who may know it (server/services/people/get-person.ts).
import { actorScope } from '../../domain';
import type { ServiceCall } from '../context';
import { offeredWhere } from './visible-rows';

export interface CountOwnMemoriesInput {
  actorRef: string;
}

export async function countOwnMemories({ ctx, input }: ServiceCall<CountOwnMemoriesInput>): Promise<number> {
  return ctx.db.agentMemory.count({ where: offeredWhere(ctx.now(), { scope: actorScope(input.actorRef) }) });
}
