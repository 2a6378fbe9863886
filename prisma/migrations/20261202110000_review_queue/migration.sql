-- The review queue (README "Review queue"): a summary of the assistant's conclusions per
-- (tenant, key, text), kept by triggers on agent_memory, and administrators' dismissals.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "review_summary" (
    "tenantRef" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "people" INTEGER NOT NULL,
    "newestAt" TIMESTAMP(3) NOT NULL,
    -- Kept by the database itself, like agent_memory.search.
    "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "key" || ' ' || "text")) STORED,

    CONSTRAINT "review_summary_pkey" PRIMARY KEY ("tenantRef","key","text")
);

-- CreateTable
CREATE TABLE "review_dismissal" (
    "tenantRef" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "dismissedBy" TEXT NOT NULL,
    "dismissedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "review_dismissal_pkey" PRIMARY KEY ("tenantRef","key")
);

-- CreateIndex
CREATE INDEX "review_summary_search_idx" ON "review_summary" USING GIN ("search");

-- CreateIndex: a group's newest conclusions (the review detail) without sorting all of them.
CREATE INDEX "agent_memory_tenantRef_key_updatedAt_idx" ON "agent_memory"("tenantRef", "key", "updatedAt");

-- Only agent-authored memories at a person's own scope count (one row per person and key).
CREATE FUNCTION "review_summary_counts"(row_author "Author", row_scope TEXT, row_tenant TEXT) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT row_author = 'agent' AND row_scope LIKE 'actor:%' AND row_tenant IS NOT NULL
$$;

-- Inserts are counted per statement, from the statement's new rows grouped by (tenant, key, text):
-- a bulk load (COPY, INSERT … SELECT) costs one upsert per distinct wording, not one per row. Rows
-- are upserted in key order so concurrent statements lock summary rows in the same order.
CREATE FUNCTION "review_summary_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "review_summary" ("tenantRef", "key", "text", "people", "newestAt")
    SELECT n."tenantRef", n."key", n."text", count(*)::int, max(n."updatedAt") FROM new_rows n
     WHERE "review_summary_counts"(n."author", n."scope", n."tenantRef")
     GROUP BY n."tenantRef", n."key", n."text"
     ORDER BY n."tenantRef", n."key", n."text"
    ON CONFLICT ("tenantRef", "key", "text") DO UPDATE
      SET "people" = "review_summary"."people" + EXCLUDED."people",
          "newestAt" = GREATEST("review_summary"."newestAt", EXCLUDED."newestAt");
  RETURN NULL;
END;
$$;

CREATE TRIGGER "review_summary_insert"
  AFTER INSERT ON "agent_memory"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "review_summary_insert"();

-- Updates and deletes move one conclusion out of its (tenant, key, text) row (and an update into
-- its new one). Every writer goes through these triggers, so the summary always equals a
-- recomputation over agent_memory.
CREATE FUNCTION "review_summary_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  remaining INTEGER;
  newest TIMESTAMP(3);
BEGIN
  IF "review_summary_counts"(OLD."author", OLD."scope", OLD."tenantRef") THEN
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
            AND "review_summary_counts"(m."author", m."scope", m."tenantRef")
            AND NOT (TG_OP = 'UPDATE' AND m."id" = NEW."id")), "newestAt")
        WHERE "tenantRef" = OLD."tenantRef" AND "key" = OLD."key" AND "text" = OLD."text";
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND "review_summary_counts"(NEW."author", NEW."scope", NEW."tenantRef") THEN
    INSERT INTO "review_summary" ("tenantRef", "key", "text", "people", "newestAt")
      VALUES (NEW."tenantRef", NEW."key", NEW."text", 1, NEW."updatedAt")
      ON CONFLICT ("tenantRef", "key", "text") DO UPDATE
        SET "people" = "review_summary"."people" + 1,
            "newestAt" = GREATEST("review_summary"."newestAt", EXCLUDED."newestAt");
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "review_summary_change"
  AFTER UPDATE OR DELETE ON "agent_memory"
  FOR EACH ROW EXECUTE FUNCTION "review_summary_change"();

-- Conclusions that existed before this migration.
INSERT INTO "review_summary" ("tenantRef", "key", "text", "people", "newestAt")
  SELECT "tenantRef", "key", "text", count(*)::int, max("updatedAt") FROM "agent_memory"
    WHERE "review_summary_counts"("author", "scope", "tenantRef")
    GROUP BY "tenantRef", "key", "text";
