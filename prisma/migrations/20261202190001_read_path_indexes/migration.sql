-- The read path (docs/architecture.md "The read path"): the search box on My memories is a
-- case-insensitive substring match over key and text (ILIKE '%…%'), served by trigram indexes;
-- pg_trgm is loaded since the review queue.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "agent_memory_key_trgm_idx" ON "agent_memory" USING GIN ("key" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "agent_memory_text_trgm_idx" ON "agent_memory" USING GIN ("text" gin_trgm_ops);

-- DropIndex: no query filters on (tenantRef, author) without the key, which the index below serves.
DROP INDEX "agent_memory_tenantRef_author_idx";

-- DropIndex: a prefix of "agent_memory_tenantRef_key_updatedAt_idx", which serves every query it did.
DROP INDEX "agent_memory_tenantRef_key_idx";
