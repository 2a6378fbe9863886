-- CreateTable: how many times the records at a scope have changed, any column of any record — an
-- insert, an update, a delete. A copy of an answer made from the scopes' records stays right while
-- their versions are the ones read before it was made (docs/architecture.md "The runtime list's
-- answer cache"). Unlike "scope_generation" (key-set changes of shared scopes only), every change
-- and every scope counts, a person's own included.
CREATE TABLE "scope_version" (
    "scope" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "scope_version_pkey" PRIMARY KEY ("scope")
);

-- The scopes a statement changed, bumped in name order so two statements bumping the same scopes
-- take their locks in the same order. A version only ever grows.
CREATE FUNCTION "agent_memory_bump_scope_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n."scope") INTO changed FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o."scope") INTO changed FROM "old_rows" o;
  ELSE
    SELECT array_agg(DISTINCT c."scope") INTO changed FROM (
      SELECT o."scope" FROM "old_rows" o UNION SELECT n."scope" FROM "new_rows" n
    ) c;
  END IF;
  INSERT INTO "scope_version" ("scope", "version")
    SELECT s, 1 FROM unnest(changed) s ORDER BY s
    ON CONFLICT ("scope") DO UPDATE SET "version" = "scope_version"."version" + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "agent_memory_scope_version_insert"
  AFTER INSERT ON "agent_memory" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_bump_scope_version"();

CREATE TRIGGER "agent_memory_scope_version_delete"
  AFTER DELETE ON "agent_memory" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_bump_scope_version"();

CREATE TRIGGER "agent_memory_scope_version_update"
  AFTER UPDATE ON "agent_memory" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_bump_scope_version"();

-- TRUNCATE names no rows: every scope with a version is bumped.
CREATE FUNCTION "agent_memory_truncate_scope_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "scope_version" SET "version" = "version" + 1
   WHERE "scope" IN (SELECT "scope" FROM "scope_version" ORDER BY "scope" FOR UPDATE);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "agent_memory_scope_version_truncate"
  AFTER TRUNCATE ON "agent_memory"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_truncate_scope_version"();

-- The soonest expiry still ahead at a scope, one index step per scope: until then a copy of an
-- answer cannot have lost a record to the clock.
CREATE INDEX "agent_memory_scope_expiresAt_idx" ON "agent_memory" ("scope", "expiresAt") WHERE "expiresAt" IS NOT NULL;

