// The columns a statement adds for the conversation a memory came from (thread-info.ts), and their schema.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** The columns a statement adds for the `thread` row joined as `alias` (LEFT JOIN on the memory's threadId). */
export function threadColumnsSql(alias: string): Prisma.Sql {
  const t = Prisma.raw(`"${alias}"`);
  return Prisma.sql`(${t}."id" IS NOT NULL AND ${t}."deletedAt" IS NULL) AS "threadExists",
    CASE WHEN ${t}."deletedAt" IS NULL THEN ${t}."title" END AS "threadTitle"`;
}

/** The columns threadColumnsSql reads, for a statement's row schema. */
export const threadColumnsShape = { threadExists: z.boolean(), threadTitle: z.string().nullable() };

export type ThreadColumns = z.output<z.ZodObject<typeof threadColumnsShape>>;
