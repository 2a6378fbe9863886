-- Chain the audit log: every row stores its place in its chain (one per tenant, plus "global")
-- and a SHA-256 over its content and the previous row's hash, so `npm run audit:verify` can find
-- a row that was changed or removed behind the console's back.

-- AlterTable
ALTER TABLE "audit_event" ADD COLUMN     "chain" TEXT,
ADD COLUMN     "seq" INTEGER,
ADD COLUMN     "prev_hash" TEXT,
ADD COLUMN     "hash" TEXT;

-- Chain the rows written so far, oldest first. The hashed text is the jsonb rendering of the
-- row's content; the console computes the same text (server/domain/audit-chain.ts).
ALTER TABLE "audit_event" DISABLE TRIGGER "audit_event_no_update_or_delete";

UPDATE "audit_event" AS e
SET "chain" = numbered."chain", "seq" = numbered."seq"
FROM (
  SELECT "id",
         CASE WHEN "tenantRef" IS NULL THEN 'global' ELSE 'tenant:' || "tenantRef" END AS "chain",
         CAST(row_number() OVER (
           PARTITION BY CASE WHEN "tenantRef" IS NULL THEN 'global' ELSE 'tenant:' || "tenantRef" END
           ORDER BY "at", "id"
         ) AS INTEGER) AS "seq"
  FROM "audit_event"
) AS numbered
WHERE e."id" = numbered."id";

DO $$
DECLARE
  r RECORD;
  previous TEXT;
  current_chain TEXT;
BEGIN
  FOR r IN SELECT * FROM "audit_event" ORDER BY "chain", "seq" LOOP
    IF current_chain IS DISTINCT FROM r."chain" THEN
      previous := repeat('0', 64);
      current_chain := r."chain";
    END IF;
    UPDATE "audit_event"
    SET "prev_hash" = previous,
        "hash" = encode(sha256(convert_to(jsonb_build_object(
          'id', r."id",
          'at', to_char(r."at", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'userId', r."userId",
          'actorRef', r."actorRef",
          'action', r."action",
          'scope', r."scope",
          'tenantRef', r."tenantRef",
          'memoryId', r."memoryId",
          'key', r."key",
          'before', r."before",
          'after', r."after",
          'chain', r."chain",
          'seq', r."seq",
          'prevHash', previous
        )::text, 'UTF8')), 'hex')
    WHERE "id" = r."id"
    RETURNING "hash" INTO previous;
  END LOOP;
END $$;

ALTER TABLE "audit_event" ENABLE TRIGGER "audit_event_no_update_or_delete";

ALTER TABLE "audit_event" ALTER COLUMN "chain" SET NOT NULL,
ALTER COLUMN "seq" SET NOT NULL,
ALTER COLUMN "prev_hash" SET NOT NULL,
ALTER COLUMN "hash" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "audit_event_chain_seq_key" ON "audit_event"("chain", "seq");

-- Only the owner may do more than read and append: take UPDATE, DELETE, TRUNCATE, TRIGGER and
-- REFERENCES on the audit log away from every other role (the application role got them through
-- the default privileges of scripts/postgres-roles.sql when the table was created).
DO $$
DECLARE
  grantee_name TEXT;
BEGIN
  FOR grantee_name IN
    SELECT DISTINCT g."grantee" FROM information_schema.role_table_grants AS g
    WHERE g."table_schema" = current_schema() AND g."table_name" = 'audit_event'
      AND g."privilege_type" IN ('UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER', 'REFERENCES')
      AND g."grantee" <> (SELECT pg_get_userbyid(c.relowner) FROM pg_class AS c WHERE c.oid = '"audit_event"'::regclass)
  LOOP
    IF grantee_name = 'PUBLIC' THEN
      REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON "audit_event" FROM PUBLIC;
    ELSE
      EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON "audit_event" FROM %I', grantee_name);
    END IF;
  END LOOP;
END $$;
