-- Readers ask for offered rows with "state" = 'active' (server/services/memories/visible-rows.ts).
-- An index led by "state" let the planner read every active row of the table through it instead
-- of reading a person's scopes; the expiry job needs expired rows by when they expired only, so
-- that index now holds the expired rows alone. The predicate holds no time.
DROP INDEX "agent_memory_state_expiredAt_idx";

-- CreateIndex
CREATE INDEX "agent_memory_expired_expiredAt_idx" ON "agent_memory"("expiredAt") WHERE "state" = 'expired';
