-- A memory at a custom scope (depot:hh, team:ops) needs that scope's definition, like a foreign key
-- the mixed scope column cannot have. The writer takes a KEY SHARE lock on the definition, so
-- deleting a scope (which locks its row first, then counts its memories) and a first write into it
-- wait for each other: the delete sees the memory and is refused, or the write finds no scope
-- (docs/concepts.md "Roles, custom scopes and memberships").
CREATE FUNCTION "agent_memory_custom_scope_defined"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."scope" = 'global' OR split_part(NEW."scope", ':', 1) IN ('actor', 'tenant') THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "scope_definition" WHERE "token" = NEW."scope" FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'scope % is not defined', NEW."scope" USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "agent_memory_custom_scope_defined"
  BEFORE INSERT OR UPDATE OF "scope" ON "agent_memory"
  FOR EACH ROW EXECUTE FUNCTION "agent_memory_custom_scope_defined"();
