-- The unfiltered page of My memories walks the person's scopes one at a time instead of ranking
-- every visible record (docs/architecture.md "The read path"). Each walk needs an index in the
-- order it reads; keys are compared byte-wise (COLLATE "C", the code-unit order of compareText),
-- which schema.prisma cannot spell, so the collations and the predicate are written here.

-- CreateIndex: a scope's records in display order (key).
CREATE INDEX "agent_memory_scope_key_idx" ON "agent_memory" ("scope", "key" COLLATE "C");

-- CreateIndex: a scope's records in the turn's order (newest first, then key).
CREATE INDEX "agent_memory_scope_updatedAt_key_idx" ON "agent_memory" ("scope", "updatedAt" DESC, "key" COLLATE "C");

-- CreateIndex: the pinned records of a scope, so counting pins never reads the unpinned ones.
CREATE INDEX "agent_memory_pinned_scope_key_idx" ON "agent_memory" ("scope", "key") WHERE "pinned";

-- CreateTable: how often the set of keys held at a shared scope has changed (any scope but a
-- person's own actor scope). A statement-level trigger bumps it in the writing transaction, so a
-- reader sees the bump exactly when it sees the write.
CREATE TABLE "scope_generation" (
    "scope" TEXT NOT NULL,
    "generation" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "scope_generation_pkey" PRIMARY KEY ("scope")
);

-- CreateTable: the number of distinct keys held at a set of shared scopes, valid while the
-- generations recorded beside it are the scopes' current ones (the page's "in all" total).
CREATE TABLE "visible_key_count" (
    "scopeSet" TEXT NOT NULL,
    "scopes" TEXT[],
    "generations" BIGINT[],
    "keys" INTEGER NOT NULL,

    CONSTRAINT "visible_key_count_pkey" PRIMARY KEY ("scopeSet")
);

-- A change of which keys a shared scope holds: an insert, a delete, or an update of key or scope.
-- Actor scopes are left out: every person writes their own all the time, and no one counts
-- another person's scope as shared. Scopes are bumped in name order, so two statements bumping
-- the same scopes take their locks in the same order.
CREATE FUNCTION "agent_memory_bump_scope_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n."scope") INTO changed FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o."scope") INTO changed FROM "old_rows" o;
  ELSE
    SELECT array_agg(DISTINCT c."scope") INTO changed FROM (
      (SELECT "id", "key", "scope" FROM "old_rows" EXCEPT SELECT "id", "key", "scope" FROM "new_rows")
      UNION
      (SELECT "id", "key", "scope" FROM "new_rows" EXCEPT SELECT "id", "key", "scope" FROM "old_rows")
    ) c;
  END IF;
  INSERT INTO "scope_generation" ("scope", "generation")
    SELECT s, 1 FROM unnest(changed) s WHERE split_part(s, ':', 1) <> 'actor' ORDER BY s
    ON CONFLICT ("scope") DO UPDATE SET "generation" = "scope_generation"."generation" + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "agent_memory_scope_generation_insert"
  AFTER INSERT ON "agent_memory" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_bump_scope_generation"();

CREATE TRIGGER "agent_memory_scope_generation_delete"
  AFTER DELETE ON "agent_memory" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_bump_scope_generation"();

CREATE TRIGGER "agent_memory_scope_generation_update"
  AFTER UPDATE ON "agent_memory" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_bump_scope_generation"();

-- TRUNCATE names no rows: every scope a stored count depends on is bumped.
CREATE FUNCTION "agent_memory_truncate_scope_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "scope_generation" ("scope", "generation")
    SELECT DISTINCT s, 1 FROM "visible_key_count" c, unnest(c."scopes") s ORDER BY s
    ON CONFLICT ("scope") DO UPDATE SET "generation" = "scope_generation"."generation" + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "agent_memory_scope_generation_truncate"
  AFTER TRUNCATE ON "agent_memory"
  FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_truncate_scope_generation"();
