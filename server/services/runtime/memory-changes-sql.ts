// The statements of the runtime's changes feed (docs/runtime-api.md "Changes feed").
import { Prisma } from '../../db/generated/client';

/**
 * One page of a tenant's feed after (txid, seq), with the position the reader may stand at and
 * the retention horizon, in one statement (one snapshot): rows of transactions older than the
 * oldest still running (`xmin`) only. The tenant's rows and global's are two range scans of one
 * index, merged.
 */
export function memoryChangesPage(tenantRef: string, after: { txid: bigint; seq: bigint }, limit: number): Prisma.Sql {
  const columns = Prisma.sql`"txid"::text AS "txid", "seq"::text AS "seq", "kind", "memoryId", "scope", "actorRef", "at"`;
  const range = Prisma.sql`("txid", "seq") > (${after.txid.toString()}::bigint, ${after.seq.toString()}::bigint) AND "txid" < (SELECT "xmin" FROM "snapshot")`;
  return Prisma.sql`
    WITH "snapshot" AS MATERIALIZED (SELECT (pg_snapshot_xmin(pg_current_snapshot()))::text::bigint AS "xmin"),
    "page" AS (
      SELECT * FROM (
        (SELECT ${columns} FROM "memory_change" WHERE "tenantRef" = ${tenantRef} AND ${range} ORDER BY "txid", "seq" LIMIT ${limit})
        UNION ALL
        (SELECT ${columns} FROM "memory_change" WHERE "tenantRef" IS NULL AND ${range} ORDER BY "txid", "seq" LIMIT ${limit})
      ) "both"
      ORDER BY "txid"::bigint, "seq"::bigint
      LIMIT ${limit}
    )
    SELECT
      (SELECT "xmin"::text FROM "snapshot") AS "xmin",
      h."txid"::text AS "horizonTxid",
      h."seq"::text AS "horizonSeq",
      COALESCE((SELECT json_agg(p ORDER BY p."txid"::bigint, p."seq"::bigint) FROM "page" p), '[]'::json) AS "changes"
    FROM "memory_change_horizon" h
    WHERE h."id" = 1`;
}

/** Where a reader starts: just before the oldest transaction still running, with the retention horizon. */
export const CURRENT_XMIN = Prisma.sql`SELECT (pg_snapshot_xmin(pg_current_snapshot()))::text AS "xmin", h."txid"::text AS "horizonTxid", h."seq"::text AS "horizonSeq"
  FROM "memory_change_horizon" h WHERE h."id" = 1`;

/**
 * Deletes the changes recorded before `cutoff` and moves the horizon up to the newest position
 * deleted (never down), in one statement.
 */
export function pruneMemoryChanges(cutoff: Date): Prisma.Sql {
  return Prisma.sql`
    WITH "gone" AS (DELETE FROM "memory_change" WHERE "at" < ${cutoff} RETURNING "txid", "seq"),
    "newest" AS (SELECT "txid", "seq" FROM "gone" ORDER BY "txid" DESC, "seq" DESC LIMIT 1),
    "moved" AS (
      UPDATE "memory_change_horizon" h SET "txid" = n."txid", "seq" = n."seq"
        FROM "newest" n
       WHERE h."id" = 1 AND (n."txid", n."seq") > (h."txid", h."seq")
    )
    SELECT count(*)::int AS "deleted" FROM "gone"`;
}
