-- Raw runtime events partitioned by day on "at" (native declarative partitioning), so retention
-- drops a whole day's table instead of deleting its rows. The new table is made LIKE the old one,
-- so every column earlier migrations gave it comes along; the key gains "at", as a partitioned
-- table's unique keys must include the partition column.
ALTER TABLE "runtime_event" RENAME TO "runtime_event_unpartitioned";
ALTER INDEX "runtime_event_pkey" RENAME TO "runtime_event_unpartitioned_pkey";
ALTER INDEX "runtime_event_tenantRef_at_idx" RENAME TO "runtime_event_unpartitioned_tenantRef_at_idx";
ALTER INDEX "runtime_event_at_idx" RENAME TO "runtime_event_unpartitioned_at_idx";

CREATE TABLE "runtime_event" (LIKE "runtime_event_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED)
  PARTITION BY RANGE ("at");
ALTER TABLE "runtime_event" ADD CONSTRAINT "runtime_event_pkey" PRIMARY KEY ("id", "at");
CREATE INDEX "runtime_event_tenantRef_at_idx" ON "runtime_event"("tenantRef", "at");
CREATE INDEX "runtime_event_at_idx" ON "runtime_event"("at");

-- Events for a day that has no partition yet land here; creating that day's partition moves them.
CREATE TABLE "runtime_event_default" PARTITION OF "runtime_event" DEFAULT;

-- Creates the daily partitions from first_day to last_day that do not exist yet, and one for every
-- day that has rows waiting in the default partition (moving them into it). SECURITY DEFINER and
-- owned by the role that migrates, so the console's own role, which may not CREATE, can run it.
-- Returns the number of partitions created.
CREATE FUNCTION "runtime_event_ensure_partitions"(first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  day date;
  part text;
  created integer := 0;
BEGIN
  IF last_day - first_day > 400 THEN
    RAISE EXCEPTION 'runtime_event_ensure_partitions: at most 400 days at once (asked for % to %)', first_day, last_day;
  END IF;
  FOR day IN
    SELECT d::date FROM generate_series(first_day, last_day, interval '1 day') AS d
    UNION
    SELECT DISTINCT date_trunc('day', "at")::date FROM "runtime_event_default"
    ORDER BY 1
  LOOP
    part := 'runtime_event_p' || to_char(day, 'YYYYMMDD');
    CONTINUE WHEN to_regclass(quote_ident(part)) IS NOT NULL;
    -- Serialises concurrent callers on the parent before creating, so two instances never race.
    LOCK TABLE "runtime_event_default" IN SHARE ROW EXCLUSIVE MODE;
    CONTINUE WHEN to_regclass(quote_ident(part)) IS NOT NULL;
    EXECUTE format('CREATE TABLE %I (LIKE "runtime_event" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
    EXECUTE format(
      'WITH moved AS (DELETE FROM "runtime_event_default" WHERE "at" >= %L::timestamp AND "at" < %L::timestamp RETURNING *)
       INSERT INTO %I SELECT * FROM moved', day, day + 1, part);
    EXECUTE format('ALTER TABLE "runtime_event" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
      part, day::timestamp, (day + 1)::timestamp);
    created := created + 1;
  END LOOP;
  RETURN created;
END;
$$;

-- Drops every daily partition that ends at or before cutoff and deletes the default partition's
-- rows older than cutoff. Returns the number of partitions dropped.
CREATE FUNCTION "runtime_event_drop_partitions_before"(cutoff timestamp) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  part text;
  dropped integer := 0;
BEGIN
  -- The lock runtime_event_ensure_partitions takes: one caller at a time lists and drops.
  LOCK TABLE "runtime_event_default" IN SHARE ROW EXCLUSIVE MODE;
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = '"runtime_event"'::regclass AND c.relname ~ '^runtime_event_p[0-9]{8}$'
      AND to_date(substr(c.relname, 16), 'YYYYMMDD') + 1 <= cutoff
    ORDER BY c.relname
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I', part);
    dropped := dropped + 1;
  END LOOP;
  DELETE FROM "runtime_event_default" WHERE "at" < cutoff;
  RETURN dropped;
END;
$$;

-- The days the existing events fall on, and the coming week, then the events themselves.
SELECT "runtime_event_ensure_partitions"(CURRENT_DATE, CURRENT_DATE + 7);
SELECT "runtime_event_ensure_partitions"(d, d)
FROM (SELECT DISTINCT date_trunc('day', "at")::date AS d FROM "runtime_event_unpartitioned") AS days;
INSERT INTO "runtime_event" SELECT * FROM "runtime_event_unpartitioned";
DROP TABLE "runtime_event_unpartitioned";
