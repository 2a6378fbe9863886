// The people whose own value of a published fact's key replaces the fact for them.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, reachOf } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';
import { loadFact } from './load-fact';
import { overrideJoin } from './override-join';
import { actorRefOfScopeSql } from '../memories/visible-rows';

export interface ListFactOverridesInput {
  viewer: Pick<Viewer, 'grants'>;
  id: string;
}

/** At most this many are listed; the list's count says how many there are in all. */
const SHOWN = 100;

const overrideRowSchema = z.object({
  id: z.string(),
  scope: z.string(),
  text: z.string(),
  author: z.string(),
  updatedAt: z.date(),
  name: z.string().nullable(),
});

export async function listFactOverrides({ ctx, input }: ServiceCall<ListFactOverridesInput>) {
  const fact = await loadFact({ ctx, input: { viewer: input.viewer, id: input.id, need: 'read' } });
  const rows = await readRows(
    ctx,
    Prisma.sql`
    SELECT m."id", m."scope", m."text", m."author"::text AS author, m."updatedAt", u."name"
    FROM "agent_memory" f
    JOIN "agent_memory" m ON ${overrideJoin(administeredTenants(reachOf(input.viewer.grants)), ctx.now())}
    LEFT JOIN "user" u ON u."actorRef" = ${actorRefOfScopeSql('m')}
    WHERE f."id" = ${fact.id}
    ORDER BY u."name", m."id" LIMIT ${SHOWN}`,
    overrideRowSchema,
  );
  return rows.map((row) => ({
    id: row.id,
    scope: row.scope,
    person: row.name ?? row.scope,
    text: row.text,
    author: row.author === 'agent' ? ('agent' as const) : ('human' as const),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
