// The statements of a snooze's change (set-review-snooze.ts), and the schemas of their rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** The stored snooze of a key. */
export const storedSchema = z.object({ snoozedUntil: z.date(), version: z.number() });
/** The newest conclusion of a group (null: none). */
export const newestSchema = z.object({ newestAt: z.date().nullable() });

/** Locks and reads the snooze of (tenantRef, key), if there is one. */
export function lockSnoozeSql(tenantRef: string, key: string): Prisma.Sql {
  return Prisma.sql`SELECT "snoozedUntil", "version" FROM "review_snooze"
                      WHERE "tenantRef" = ${tenantRef} AND "key" = ${key} FOR UPDATE`;
}

/** When the group (tenantRef, key) last gained a conclusion, from the review summary. */
export function groupNewestSql(tenantRef: string, key: string): Prisma.Sql {
  return Prisma.sql`SELECT max(s."newestAt") AS "newestAt" FROM "review_summary" s
                      WHERE s."tenantRef" = ${tenantRef} AND s."key" = ${key}`;
}

/** Inserts a first snooze (version 1) unless one exists already (then it changes nothing). */
export function insertSnoozeSql(
  group: { tenantRef: string; key: string },
  values: { snoozedUntil: Date; seenNewestAt: Date; snoozedBy: string; snoozedAt: Date },
): Prisma.Sql {
  return Prisma.sql`
            INSERT INTO "review_snooze" ("tenantRef", "key", "snoozedUntil", "seenNewestAt", "snoozedBy", "snoozedAt", "version")
            VALUES (${group.tenantRef}, ${group.key}, ${values.snoozedUntil}, ${values.seenNewestAt}, ${values.snoozedBy}, ${values.snoozedAt}, 1)
            ON CONFLICT ("tenantRef", "key") DO NOTHING`;
}
