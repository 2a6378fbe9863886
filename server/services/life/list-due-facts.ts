// "Due for review" (docs/features.md "Review queue"): the facts an administrator may change whose
// review date has passed — the date set for the fact, or the organisation's interval (180 days by
// default) after its last edit or confirmation. Offered facts only: muted and expired ones are not
// asked about. Oldest due first, at most DUE_FACTS_LIMIT.
import type { Viewer } from '../../auth/viewer';
import { factAccess, isDueForReview, reviewDueAt } from '../../domain';
import { readRows, type ServiceCall } from '../context';
import { requireFactAdmin } from '../facts/require-fact-admin';
import { dueFactRowSchema, dueFactsSql } from './list-due-facts-sql';

export const DUE_FACTS_LIMIT = 200;

export interface DueFact {
  id: string;
  scope: string;
  key: string;
  text: string;
  pinned: boolean;
  version: number;
  dueAt: string;
  expiresAt: string | null;
}

export async function listDueFacts({ ctx, input }: ServiceCall<{ viewer: Pick<Viewer, 'grants'> }>): Promise<{ facts: DueFact[] }> {
  const reach = requireFactAdmin(input.viewer);
  const now = ctx.now();
  // The due date is computed in SQL the same way reviewDueAt does, so only due rows are read.
  const rows = await readRows(ctx, dueFactsSql(now, DUE_FACTS_LIMIT * 4), dueFactRowSchema);
  const facts = rows
    .filter((row) => factAccess(reach, row.scope, row.tenantRef) === 'write')
    .filter((row) => isDueForReview({ ...row, state: 'active' }, row.interval, now))
    .slice(0, DUE_FACTS_LIMIT)
    .map((row) => ({
      id: row.id,
      scope: row.scope,
      key: row.key,
      text: row.text,
      pinned: row.pinned,
      version: row.version,
      dueAt: reviewDueAt(row, row.interval).toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
    }));
  return { facts };
}
