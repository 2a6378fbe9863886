// "Changes to your access" on the account page (docs/concepts.md "People and access"): the audit
// rows about the signed-in person, newest first, bounded.
import type { ServiceCall } from '../context';
import { loadUserNames } from '../users/load-user-names';

export interface ListAccessChangesInput {
  viewer: { userId: string };
  limit: number;
}

export async function listAccessChanges({ ctx, input }: ServiceCall<ListAccessChangesInput>) {
  const rows = await ctx.db.auditEvent.findMany({
    where: { subjectUserId: input.viewer.userId },
    orderBy: [{ at: 'desc' }, { seq: 'desc' }],
    take: input.limit,
  });
  const names = await loadUserNames({ ctx, input: { userIds: rows.map((row) => row.userId) } });
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    scope: row.scope,
    /** Who made the change: a name, "you", or null when nobody is recorded. */
    by: row.userId === null ? null : row.userId === input.viewer.userId ? 'you' : (names.get(row.userId) ?? 'a former member'),
  }));
}
