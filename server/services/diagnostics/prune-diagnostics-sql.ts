// The statements of the diagnostics' retention (prune-diagnostics.ts): the database's functions
// that make and drop the raw events' daily partitions, and the schema of their rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** How many partitions a function made or dropped. */
export const COUNT_ROW = z.object({ n: z.coerce.number() });

/** Makes the partitions of the days from `firstDay` to `lastDay` ('YYYY-MM-DD') that do not exist yet. */
export function ensurePartitionsSql(firstDay: string, lastDay: string): Prisma.Sql {
  return Prisma.sql`SELECT "runtime_event_ensure_partitions"(${firstDay}::date, ${lastDay}::date) AS n`;
}

/** Drops the partitions of the days wholly before `cutoff`. */
export function dropPartitionsBeforeSql(cutoff: Date): Prisma.Sql {
  return Prisma.sql`SELECT "runtime_event_drop_partitions_before"(${cutoff}::timestamp(3)) AS n`;
}
