-- Two roles for Memory Console on PostgreSQL (docs/operations.md "Audit log"):
--   memory_console_owner  owns the tables; migrations run as it (MIGRATION_DATABASE_URL)
--   memory_console_app    the running console (DATABASE_URL): reads and writes rows, but may only
--                         read and append to the audit log, and can't alter, disable or drop anything
--
-- Run once as a superuser, connected to the console's database:
--   psql "postgresql://postgres@localhost:5432/memory_console" -f scripts/postgres-roles.sql
-- then give both roles a password (psql: \password memory_console_owner, \password memory_console_app).
-- Safe to run again. On a database that was migrated by another role, run it as well: it hands
-- the existing tables to the owner and grants the application role what it needs on them.

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'memory_console_owner') THEN
    CREATE ROLE memory_console_owner LOGIN;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'memory_console_app') THEN
    CREATE ROLE memory_console_app LOGIN;
  END IF;
  EXECUTE format('ALTER DATABASE %I OWNER TO memory_console_owner', current_database());
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
  EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO memory_console_app', current_database());
END $$;

-- Only the owner creates objects in the schema.
ALTER SCHEMA public OWNER TO memory_console_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO memory_console_app;

-- Every table and sequence the owner creates from now on (every later migration) is usable by
-- the application role. The migration that creates or changes the audit log then takes UPDATE,
-- DELETE and TRUNCATE on it away again.
ALTER DEFAULT PRIVILEGES FOR ROLE memory_console_owner IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO memory_console_app;
ALTER DEFAULT PRIVILEGES FOR ROLE memory_console_owner IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO memory_console_app;

-- Objects that already exist (a database migrated before the split).
DO $$
DECLARE
  object_name TEXT;
BEGIN
  FOR object_name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('ALTER TABLE public.%I OWNER TO memory_console_owner', object_name);
  END LOOP;
  FOR object_name IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP
    EXECUTE format('ALTER SEQUENCE public.%I OWNER TO memory_console_owner', object_name);
  END LOOP;
  FOR object_name IN SELECT typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                     WHERE n.nspname = 'public' AND t.typtype = 'e' LOOP
    EXECUTE format('ALTER TYPE public.%I OWNER TO memory_console_owner', object_name);
  END LOOP;
  FOR object_name IN SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                     WHERE n.nspname = 'public' LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO memory_console_owner', object_name);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO memory_console_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO memory_console_app;
DO $$
BEGIN
  IF to_regclass('public.audit_event') IS NOT NULL THEN
    REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON public.audit_event FROM memory_console_app;
  END IF;
END $$;
