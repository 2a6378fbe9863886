-- A change made with an API token instead of by a signed-in person (the runtime forgetting one of
-- the assistant's conclusions, README "The runtime's memory API") names the token. Rows without a
-- token hash exactly as before.
-- AlterTable
ALTER TABLE "audit_event" ADD COLUMN "tokenId" TEXT;
