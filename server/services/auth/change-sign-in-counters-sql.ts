// The statements of the sign-in throttle's counters (change-sign-in-counters.ts), and the schema of
// a counter's row.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** A counter: its window's start and the failures in it. */
export const COUNTER_ROW = z.object({ key: z.string(), windowStart: z.date(), failures: z.number() });

/** Makes counter `key` (a window starting at `now`, no failures) unless it exists. */
export function ensureCounterSql(key: string, now: Date): Prisma.Sql {
  return Prisma.sql`INSERT INTO "sign_in_throttle" ("key", "windowStart", "failures") VALUES (${key}, ${now}, 0) ON CONFLICT ("key") DO NOTHING`;
}

/** Locks and reads counter `key`. */
export function lockCounterSql(key: string): Prisma.Sql {
  return Prisma.sql`SELECT "key", "windowStart", "failures" FROM "sign_in_throttle" WHERE "key" = ${key} FOR UPDATE`;
}
