-- CreateIndex: a person's records that came from a conversation, by scope. The conversation filter
-- counts them per conversation (docs/architecture.md "The read path"); with the values in hand the
-- planner otherwise joined the scopes' index to the one on "threadId", which holds every
-- conversation's records of every organisation, so the filter's cost grew with them all.
CREATE INDEX "agent_memory_scope_threadId_idx" ON "agent_memory" ("scope", "threadId") WHERE "threadId" IS NOT NULL;
