// The statement that locks the record the runtime forgets (forget-runtime-memory.ts), and the
// schema of its row.
import type { Author } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** The locked record: what the runtime forget verdict judges. */
export const LOCKED_ROW = z.object({ id: z.string(), scope: z.string(), author: z.enum(['human', 'agent'] satisfies Author[]) });

/** Locks one record by id, in any state, and reads its scope and author. */
export function lockRuntimeMemorySql(id: string): Prisma.Sql {
  return Prisma.sql`SELECT "id", "scope", "author"::text AS "author" FROM "agent_memory" WHERE "id" = ${id} FOR UPDATE`;
}
