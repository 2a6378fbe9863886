-- The changes feed of the runtime API (docs/runtime-api.md "Changes feed"): one row per memory
-- created, changed or deleted and per change of a person's scope chain, written by triggers in
-- the writing transaction, so every path (Prisma, the ingest's COPY, bulk deletes, cascades) is
-- caught. No text: the runtime re-reads what changed.
--
-- Order and cursor: ("txid", "seq"). "txid" is the writing transaction's id, "seq" the order
-- within it. A reader is handed only rows whose transaction is older than the oldest transaction
-- still running (pg_snapshot_xmin), so a transaction that commits later can never land behind a
-- cursor already handed out. A sequence alone cannot promise that: its values are taken before
-- commit, in another order than commits.
CREATE SEQUENCE "memory_change_seq";

CREATE TABLE "memory_change" (
    "txid" BIGINT NOT NULL DEFAULT (pg_current_xact_id())::text::bigint,
    "seq" BIGINT NOT NULL DEFAULT nextval('memory_change_seq'),
    "tenantRef" TEXT,
    "kind" TEXT NOT NULL,
    "memoryId" TEXT,
    "scope" TEXT,
    "actorRef" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memory_change_pkey" PRIMARY KEY ("txid", "seq")
);

-- A tenant's feed reads its rows and global's in cursor order.
CREATE INDEX "memory_change_tenantRef_txid_seq_idx" ON "memory_change" ("tenantRef", "txid", "seq");
-- Retention deletes by age.
CREATE INDEX "memory_change_at_idx" ON "memory_change" ("at");

-- The newest position retention has deleted: a cursor at or before it may have missed changes
-- (410, re-read everything). One row.
CREATE TABLE "memory_change_horizon" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "txid" BIGINT NOT NULL DEFAULT 0,
    "seq" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "memory_change_horizon_pkey" PRIMARY KEY ("id")
);
INSERT INTO "memory_change_horizon" ("id", "txid", "seq") VALUES (1, 0, 0);

-- Statement-level, with the statement's rows as transition tables: one insert per statement,
-- however many rows a COPY or a bulk delete touched.
CREATE FUNCTION "agent_memory_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "memory_change" ("tenantRef", "kind", "memoryId", "scope")
      SELECT o."tenantRef", 'deleted', o."id", o."scope" FROM "old_rows" o ORDER BY o."id";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "memory_change" ("tenantRef", "kind", "memoryId", "scope")
      SELECT n."tenantRef", 'created', n."id", n."scope" FROM "new_rows" n ORDER BY n."id";
  ELSE
    INSERT INTO "memory_change" ("tenantRef", "kind", "memoryId", "scope")
      SELECT n."tenantRef", 'changed', n."id", n."scope" FROM "new_rows" n ORDER BY n."id";
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "agent_memory_record_change_insert" AFTER INSERT ON "agent_memory"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_record_change"();
CREATE TRIGGER "agent_memory_record_change_update" AFTER UPDATE ON "agent_memory"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_record_change"();
CREATE TRIGGER "agent_memory_record_change_delete" AFTER DELETE ON "agent_memory"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agent_memory_record_change"();

-- A person's scope chain changed: a membership added, removed or reordered. The person is named
-- by their actor reference, read while the statement's rows are still there; a membership that
-- goes with its person (a cascade) names no one the runtime could still serve, and is left out.
CREATE FUNCTION "scope_membership_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people TEXT[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n."userId") INTO people FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o."userId") INTO people FROM "old_rows" o;
  ELSE
    SELECT array_agg(DISTINCT c."userId") INTO people FROM (
      SELECT "userId" FROM "new_rows" UNION SELECT "userId" FROM "old_rows"
    ) c;
  END IF;
  INSERT INTO "memory_change" ("tenantRef", "kind", "actorRef")
    SELECT u."tenantRef", 'membership', u."actorRef"
      FROM "user" u
     WHERE u."id" = ANY (people)
     ORDER BY u."tenantRef", u."actorRef";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "scope_membership_record_change_insert" AFTER INSERT ON "scope_membership"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "scope_membership_record_change"();
CREATE TRIGGER "scope_membership_record_change_update" AFTER UPDATE ON "scope_membership"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "scope_membership_record_change"();
CREATE TRIGGER "scope_membership_record_change_delete" AFTER DELETE ON "scope_membership"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "scope_membership_record_change"();
