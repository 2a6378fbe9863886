-- A memory's life (docs/concepts.md "The life of a memory"): it may expire, be muted, and be
-- confirmed as still true. The rules are server/domain/memory-life.ts.

-- CreateEnum
CREATE TYPE "MemoryState" AS ENUM ('active', 'muted', 'expired');

-- AlterTable: `state` is what a person or the expiry job last decided; an expiry that has passed
-- counts at read time, before the job moves the row to `expired` (readers take the time as a
-- parameter; a partial index cannot hold a time predicate, so the expiry column is indexed whole).
ALTER TABLE "agent_memory"
  ADD COLUMN "state" "MemoryState" NOT NULL DEFAULT 'active',
  ADD COLUMN "expiresAt" TIMESTAMP(3),
  ADD COLUMN "mutedAt" TIMESTAMP(3),
  ADD COLUMN "expiredAt" TIMESTAMP(3),
  ADD COLUMN "confirmedAt" TIMESTAMP(3),
  ADD COLUMN "reviewAt" TIMESTAMP(3);

-- CreateIndex: rows whose expiry passes (the job's sweep; readers' "expired since" checks).
CREATE INDEX "agent_memory_expiresAt_idx" ON "agent_memory"("expiresAt");

-- CreateIndex: expired rows by when they expired (the job deletes them 30 days later).
CREATE INDEX "agent_memory_state_expiredAt_idx" ON "agent_memory"("state", "expiredAt");

-- CreateIndex: the rows of a scope that are not active (muted or expired), so a reader or a page
-- section finds them without reading the active ones. The predicate holds no time.
CREATE INDEX "agent_memory_inactive_scope_key_idx" ON "agent_memory"("scope", "key") WHERE "state" <> 'active';

-- AlterTable: an organisation's default lifetime for the assistant's conclusions written after it
-- is set (null: none), and how long after a fact's last edit or confirmation it is due for review.
ALTER TABLE "tenant"
  ADD COLUMN "conclusionLifetimeDays" INTEGER,
  ADD COLUMN "reviewIntervalDays" INTEGER NOT NULL DEFAULT 180;

-- AlterTable: when the person was last asked "Still true?" (at most once a week).
ALTER TABLE "user" ADD COLUMN "stillTrueAskedAt" TIMESTAMP(3);

-- The shared key count (migration 20261204090000_page_walk) changes when a row's state does too:
-- a muted or expired fact no longer holds its key for readers.
CREATE OR REPLACE FUNCTION "agent_memory_bump_scope_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n."scope") INTO changed FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o."scope") INTO changed FROM "old_rows" o;
  ELSE
    SELECT array_agg(DISTINCT c."scope") INTO changed FROM (
      (SELECT "id", "key", "scope", "state" FROM "old_rows" EXCEPT SELECT "id", "key", "scope", "state" FROM "new_rows")
      UNION
      (SELECT "id", "key", "scope", "state" FROM "new_rows" EXCEPT SELECT "id", "key", "scope", "state" FROM "old_rows")
    ) c;
  END IF;
  INSERT INTO "scope_generation" ("scope", "generation")
    SELECT s, 1 FROM unnest(changed) s WHERE split_part(s, ':', 1) <> 'actor' ORDER BY s
    ON CONFLICT ("scope") DO UPDATE SET "generation" = "scope_generation"."generation" + 1;
  RETURN NULL;
END;
$$;

-- The review summary (migration 20261202110000_review_queue) counts active conclusions only: a
-- muted or expired one leaves its wording's count, and comes back when restored.
CREATE FUNCTION "review_summary_counts"(row_author "Author", row_scope TEXT, row_tenant TEXT, row_state "MemoryState") RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT row_author = 'agent' AND row_scope LIKE 'actor:%' AND row_tenant IS NOT NULL AND row_state = 'active'
$$;

CREATE OR REPLACE FUNCTION "review_summary_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "review_summary" ("tenantRef", "key", "text", "people", "newestAt")
    SELECT n."tenantRef", n."key", n."text", count(*)::int, max(n."updatedAt") FROM new_rows n
     WHERE "review_summary_counts"(n."author", n."scope", n."tenantRef", n."state")
     GROUP BY n."tenantRef", n."key", n."text"
     ORDER BY n."tenantRef", n."key", n."text"
    ON CONFLICT ("tenantRef", "key", "text") DO UPDATE
      SET "people" = "review_summary"."people" + EXCLUDED."people",
          "newestAt" = GREATEST("review_summary"."newestAt", EXCLUDED."newestAt");
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "review_summary_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  remaining INTEGER;
  newest TIMESTAMP(3);
BEGIN
  IF "review_summary_counts"(OLD."author", OLD."scope", OLD."tenantRef", OLD."state") THEN
    UPDATE "review_summary" SET "people" = "people" - 1
      WHERE "tenantRef" = OLD."tenantRef" AND "key" = OLD."key" AND "text" = OLD."text"
      RETURNING "people", "newestAt" INTO remaining, newest;
    IF remaining IS NOT NULL AND remaining <= 0 THEN
      DELETE FROM "review_summary"
        WHERE "tenantRef" = OLD."tenantRef" AND "key" = OLD."key" AND "text" = OLD."text" AND "people" <= 0;
    ELSIF remaining IS NOT NULL AND OLD."updatedAt" >= newest THEN
      UPDATE "review_summary" SET "newestAt" = COALESCE((
        SELECT max(m."updatedAt") FROM "agent_memory" m
          WHERE m."tenantRef" = OLD."tenantRef" AND m."key" = OLD."key" AND m."text" = OLD."text"
            AND "review_summary_counts"(m."author", m."scope", m."tenantRef", m."state")
            AND NOT (TG_OP = 'UPDATE' AND m."id" = NEW."id")), "newestAt")
        WHERE "tenantRef" = OLD."tenantRef" AND "key" = OLD."key" AND "text" = OLD."text";
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND "review_summary_counts"(NEW."author", NEW."scope", NEW."tenantRef", NEW."state") THEN
    INSERT INTO "review_summary" ("tenantRef", "key", "text", "people", "newestAt")
      VALUES (NEW."tenantRef", NEW."key", NEW."text", 1, NEW."updatedAt")
      ON CONFLICT ("tenantRef", "key", "text") DO UPDATE
        SET "people" = "review_summary"."people" + 1,
            "newestAt" = GREATEST("review_summary"."newestAt", EXCLUDED."newestAt");
  END IF;
  RETURN NULL;
END;
$$;

-- The three-argument rule is no longer used by any trigger.
DROP FUNCTION "review_summary_counts"("Author", TEXT, TEXT);
