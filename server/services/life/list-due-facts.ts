// "Due for review" (docs/features.md "Review queue"): the facts an administrator may change whose
// review date has passed — the date set for the fact, or the organisation's interval (180 days by
// default) after its last edit or confirmation. Offered facts only: muted and expired ones are not
// asked about. Oldest due first, at most DUE_FACTS_LIMIT.
import type { Viewer } from '../../auth/viewer';
import { DEFAULT_REVIEW_INTERVAL_DAYS, factAccess, isDueForReview, reviewDueAt } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';
import { requireFactAdmin } from '../facts/require-fact-admin';
import { offeredSql, sharedScopeSql } from '../memories/visible-rows';

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

const dueFactRowSchema = z.object({
  id: z.string(),
  scope: z.string(),
  key: z.string(),
  text: z.string(),
  pinned: z.boolean(),
  version: z.number(),
  tenantRef: z.string().nullable(),
  updatedAt: z.date(),
  confirmedAt: z.date().nullable(),
  reviewAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  interval: z.number(),
});

export async function listDueFacts({ ctx, input }: ServiceCall<{ viewer: Pick<Viewer, 'grants'> }>): Promise<{ facts: DueFact[] }> {
  const reach = requireFactAdmin(input.viewer);
  const now = ctx.now();
  // The due date is computed in SQL the same way reviewDueAt does, so only due rows are read.
  const rows = await readRows(
    ctx,
    Prisma.sql`
    SELECT m."id", m."scope", m."key", m."text", m."pinned", m."version", m."tenantRef", m."updatedAt", m."confirmedAt",
           m."reviewAt", m."expiresAt", COALESCE(t."reviewIntervalDays", ${DEFAULT_REVIEW_INTERVAL_DAYS}::int) AS "interval"
      FROM "agent_memory" m LEFT JOIN "tenant" t ON t."ref" = m."tenantRef"
     WHERE ${sharedScopeSql('m')} AND ${offeredSql('m', now)}
       AND COALESCE(m."reviewAt", GREATEST(m."updatedAt", COALESCE(m."confirmedAt", m."updatedAt"))
             + make_interval(days => COALESCE(t."reviewIntervalDays", ${DEFAULT_REVIEW_INTERVAL_DAYS}::int))) <= ${now}
     ORDER BY m."updatedAt", m."id"
     LIMIT ${DUE_FACTS_LIMIT * 4}`,
    dueFactRowSchema,
  );
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
