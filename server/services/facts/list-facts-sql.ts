// The statement that counts the people's own values overriding each fact of a Facts page
// (list-facts.ts), and the schema of its rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { overrideJoin } from './override-join-sql';

/** A fact's id and how many values override it. */
export const overrideCountRowSchema = z.object({ id: z.string(), n: z.number() });

/** How many values override each of the facts `ids` (facts none overrides are left out), as `tenants` may see them at `now`. */
export function overrideCountsSql(tenants: string[] | null, now: Date, ids: string[]): Prisma.Sql {
  return Prisma.sql`SELECT f."id", count(m."id")::int AS n FROM "agent_memory" f
        JOIN "agent_memory" m ON ${overrideJoin(tenants, now)}
        WHERE f."id" = ANY(${ids}::text[]) GROUP BY f."id"`;
}
