// The names of the people who made a list's rows (audit entries, an alert's steps), by user id, in
// one query for the whole list. Rows nobody signed in made carry no user id and are skipped.
import type { ServiceCall } from '../context';

export interface LoadUserNamesInput {
  userIds: (string | null)[];
}

export async function loadUserNames({ ctx, input }: ServiceCall<LoadUserNamesInput>): Promise<Map<string, string>> {
  const ids = [...new Set(input.userIds.filter((id): id is string => Boolean(id)))];
  const users = await ctx.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(users.map((user) => [user.id, user.name]));
}
