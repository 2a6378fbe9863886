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

-- Only agent-authored memories at a person's own scope count (one row per person and key).
CREATE FUNCTION "review_summary_counts"(row_author "Author", row_scope TEXT, row_tenant TEXT) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT row_author = 'agent' AND row_scope LIKE 'actor:%' AND row_tenant IS NOT NULL
$$;

-- Adds or removes one conclusion from its (tenant, key, text) row. Every writer goes through this
-- trigger, so the summary always equals a recomputation over agent_memory.
CREATE FUNCTION "review_summary_maintain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  remaining INTEGER;
  newest TIMESTAMP(3);
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND "review_summary_counts"(OLD."author", OLD."scope", OLD."tenantRef") THEN
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
  IF TG_OP IN ('INSERT', 'UPDATE') AND "review_summary_counts"(NEW."author", NEW."scope", NEW."tenantRef") THEN
    INSERT INTO "review_summary" ("tenantRef", "key", "text", "people", "newestAt")
      VALUES (NEW."tenantRef", NEW."key", NEW."text", 1, NEW."updatedAt")
      ON CONFLICT ("tenantRef", "key", "text") DO UPDATE
        SET "people" = "review_summary"."people" + 1,
            "newestAt" = GREATEST("review_summary"."newestAt", EXCLUDED."newestAt");
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "review_summary_maintain"
  AFTER INSERT OR UPDATE OR DELETE ON "agent_memory"
  FOR EACH ROW EXECUTE FUNCTION "review_summary_maintain"();

-- Conclusions that existed before this migration.
INSERT INTO "review_summary" ("tenantRef", "key", "text", "people", "newestAt")
  SELECT "tenantRef", "key", "text", count(*)::int, max("updatedAt") FROM "agent_memory"
    WHERE "review_summary_counts"("author", "scope", "tenantRef")
    GROUP BY "tenantRef", "key", "text";
