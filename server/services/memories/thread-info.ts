// The conversation a memory came from, read in the same statement as the memory: one that was
// deleted or never recorded is marked as gone rather than left out.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

export interface ThreadInfo {
  id: string;
  title: string | null;
  /** False when the conversation was deleted or never recorded: the memory stays, the link does not. */
  exists: boolean;
}

/** The columns a statement adds for the `thread` row joined as `alias` (LEFT JOIN on the memory's threadId). */
export function threadColumnsSql(alias: string): Prisma.Sql {
  const t = Prisma.raw(`"${alias}"`);
  return Prisma.sql`(${t}."id" IS NOT NULL AND ${t}."deletedAt" IS NULL) AS "threadExists",
    CASE WHEN ${t}."deletedAt" IS NULL THEN ${t}."title" END AS "threadTitle"`;
}

/** The columns threadColumnsSql reads, for a statement's row schema. */
export const threadColumnsShape = { threadExists: z.boolean(), threadTitle: z.string().nullable() };

export type ThreadColumns = z.output<z.ZodObject<typeof threadColumnsShape>>;

export function toThreadInfo(id: string, row: ThreadColumns): ThreadInfo {
  return { id, title: row.threadExists ? row.threadTitle : null, exists: row.threadExists };
}
