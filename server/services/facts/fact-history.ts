// A published fact's versions, from the audit log: who changed it, when, and what it was before
// and after.
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { loadUserNames } from '../users/load-user-names';
import { loadFact } from './load-fact';

export interface FactHistoryInput {
  viewer: Pick<Viewer, 'grants'>;
  id: string;
}

export async function factHistory({ ctx, input }: ServiceCall<FactHistoryInput>) {
  const fact = await loadFact({ ctx, input: { viewer: input.viewer, id: input.id, need: 'read' } });
  const rows = await ctx.db.auditEvent.findMany({ where: { memoryId: fact.id }, orderBy: [{ at: 'desc' }, { seq: 'desc' }], take: 200 });
  const names = await loadUserNames({ ctx, input: { userIds: rows.map((row) => row.userId) } });
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    by: (row.userId && names.get(row.userId)) ?? row.actorRef ?? 'unknown',
    before: row.before as Record<string, unknown> | null,
    after: row.after as Record<string, unknown> | null,
  }));
}
