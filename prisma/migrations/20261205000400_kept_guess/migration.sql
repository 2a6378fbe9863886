-- "Keep mine" (docs/features.md "My memories"): when a person adopted the assistant's guess about
-- them as their own statement. The row is then `author = human`, but the person did not word it:
-- My memories says "You confirmed the assistant's guess" until they save it again themselves.
-- Apart from "confirmedAt" (a "still true" answer). Adding a column without a default is instant
-- on a table of any size; the backfill touches only the rows kept that way, read from their
-- `memory.kept` audit rows (the latest one, unless the person saved the memory after it, in the
-- audit chain's order).
ALTER TABLE "agent_memory" ADD COLUMN "keptGuessAt" TIMESTAMP(3);

UPDATE "agent_memory" m
   SET "keptGuessAt" = k."at"
  FROM (SELECT DISTINCT ON ("memoryId") "memoryId", "at", "seq" FROM "audit_event"
         WHERE "action" = 'memory.kept' AND "memoryId" IS NOT NULL
         ORDER BY "memoryId", "seq" DESC) k
 WHERE m."id" = k."memoryId"
   AND m."author" = 'human'
   AND NOT EXISTS (SELECT 1 FROM "audit_event" s
                    WHERE s."memoryId" = m."id" AND s."action" = 'memory.saved' AND s."seq" > k."seq");
