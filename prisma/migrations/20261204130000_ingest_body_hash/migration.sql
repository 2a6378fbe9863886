-- An Idempotency-Key answers a retry only when it brings the same body: the SHA-256 of the raw body
-- the key first came with is kept beside it, and the same key with another body is refused (422
-- IDEMPOTENCY_KEY_REUSED, README "Runtime diagnostics"). Keys recorded before this have no hash and
-- are answered as before until retention removes them.

-- AlterTable
ALTER TABLE "ingest_idempotency_key" ADD COLUMN "bodyHash" TEXT;
