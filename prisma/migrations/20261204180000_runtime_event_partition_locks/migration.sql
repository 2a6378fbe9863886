-- The partition functions of 20261204174000 took the default partition's lock after reading it and
-- then the parent's when attaching or dropping, in the other order from an insert: two callers (or a
-- caller and an insert) could deadlock. Both now lock the whole table before reading anything.
CREATE OR REPLACE FUNCTION "runtime_event_ensure_partitions"(first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  day date;
  part text;
  created integer := 0;
BEGIN
  -- The whole table first (the parent, then every partition, as an insert locks them), before
  -- anything is read: callers run one at a time, and none upgrades a lock another one waits behind.
  LOCK TABLE "runtime_event" IN ACCESS EXCLUSIVE MODE;
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

CREATE OR REPLACE FUNCTION "runtime_event_drop_partitions_before"(cutoff timestamp) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  part text;
  dropped integer := 0;
BEGIN
  -- The whole table first (the parent, then every partition, as an insert locks them), before
  -- anything is read: callers run one at a time, and none upgrades a lock another one waits behind.
  LOCK TABLE "runtime_event" IN ACCESS EXCLUSIVE MODE;
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
