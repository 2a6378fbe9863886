-- DropIndex, DropColumn: nothing reads agent_memory's stored "search" vector or its GIN index any
-- more. The runtime search makes its vectors from the given scopes' own rows (docs/runtime-api.md
-- "Search"), and the search box on My memories uses the trigram indexes. Every write still paid for
-- both: 20,000 inserts took 1.5 s without them against 1.6–2.0 s with them, and the vector was 122
-- bytes of each row. Dropping a column does not rewrite the table: old rows give the space back
-- as they are written again, new rows never hold it.
DROP INDEX "agent_memory_search_idx";
ALTER TABLE "agent_memory" DROP COLUMN "search";
