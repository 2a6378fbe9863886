// The runtime's read-back (README "REST endpoints for the runtime client"): every memory that
// applies to a person, one per key with the values it overrides, no page and no budget — as JSON
// text the database writes, one array element per row, so the server only joins and streams them
// (docs/architecture.md "The read path"). The same precedence as the list (visible-winners-sql.ts):
// the narrowest scope wins, a key pinned at any of the person's scopes is always-on.
import type { Viewer } from '../../auth/viewer';
import { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';

export interface ListAgentMemoryJsonInput {
  viewer: Pick<Viewer, 'scopes'>;
  /** Keep memories whose winning value came from this conversation. */
  threadId?: string;
}

/**
 * One row per visible key, in display order (scope rank, key, id), each the text of one element of
 * the contract's array: `{ id, key, text, scope, pinned, origin, updatedAt, overrides }`. `pinned` is
 * the key's (an entry overriding a pinned value is always-on too); origin leaves out what is unset;
 * updatedAt is written as `Date.toISOString` writes it.
 */
export function agentMemoryJsonSql({ viewer, threadId }: ListAgentMemoryJsonInput): Prisma.Sql {
  const scopes = [...viewer.scopes];
  const thread = threadId ? Prisma.sql`WHERE m."threadId" = ${threadId}` : Prisma.empty;
  return Prisma.sql`WITH "keys" AS (
      SELECT (array_agg(v."id" ORDER BY array_position(${scopes}::text[], v."scope")))[1] AS "id",
        min(array_position(${scopes}::text[], v."scope")) AS "rank", bool_or(v."pinned") AS "alwaysOn", count(*) > 1 AS "beaten"
      FROM "agent_memory" v WHERE v."scope" = ANY(${scopes}::text[]) GROUP BY v."key"
    )
    SELECT json_build_object('id', m."id", 'key', m."key", 'text', m."text", 'scope', m."scope", 'pinned', k."alwaysOn",
      'origin', json_strip_nulls(json_build_object('author', m."author", 'threadId', NULLIF(m."threadId", ''),
        'runId', NULLIF(m."runId", ''), 'actorRef', NULLIF(m."actorRef", ''))),
      'updatedAt', to_char(m."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'overrides', CASE WHEN k."beaten" THEN (
        SELECT json_agg(json_build_object('scope', b."scope", 'text', b."text", 'author', b."author")
                        ORDER BY array_position(${scopes}::text[], b."scope"))
        FROM "agent_memory" b WHERE b."key" = m."key" AND b."scope" = ANY(${scopes}::text[]) AND b."id" <> m."id") ELSE '[]'::json END
    )::text AS "json"
    FROM "keys" k JOIN "agent_memory" m ON m."id" = k."id" ${thread}
    ORDER BY k."rank", m."key" COLLATE "C", m."id" COLLATE "C"`;
}

/** The array's elements as JSON text, in order; the caller writes `[`, the elements joined by `,`, and `]`. */
export async function listAgentMemoryJson({ ctx, input }: ServiceCall<ListAgentMemoryJsonInput>): Promise<string[]> {
  const rows = await readRows<{ json: string }>(ctx, agentMemoryJsonSql(input));
  return rows.map((row) => row.json);
}
