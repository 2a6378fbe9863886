-- API tokens belong to a tenant (or, for metrics:read only, to every tenant), not to a person, and
-- carry their permissions (README "API tokens").
ALTER TABLE "api_token" DROP COLUMN "actorRef";
ALTER TABLE "api_token" ALTER COLUMN "tenantRef" DROP NOT NULL;
ALTER TABLE "api_token" ADD COLUMN "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "api_token" ALTER COLUMN "permissions" DROP DEFAULT;
ALTER TABLE "api_token" ADD COLUMN "revokedBy" TEXT;

-- A retried ingest batch (same token, same Idempotency-Key) lands once.
CREATE TABLE "ingest_idempotency_key" (
    "tokenId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "result" JSONB NOT NULL,

    CONSTRAINT "ingest_idempotency_key_pkey" PRIMARY KEY ("tokenId","key")
);
CREATE INDEX "ingest_idempotency_key_createdAt_idx" ON "ingest_idempotency_key"("createdAt");
ALTER TABLE "ingest_idempotency_key" ADD CONSTRAINT "ingest_idempotency_key_tokenId_fkey" FOREIGN KEY ("tokenId") REFERENCES "api_token"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rollup sums grow past 32 bits; the prompt size gets a maximum and a fixed histogram.
ALTER TABLE "metric_rollup" ALTER COLUMN "offered" SET DATA TYPE BIGINT;
ALTER TABLE "metric_rollup" ALTER COLUMN "omitted" SET DATA TYPE BIGINT;
ALTER TABLE "metric_rollup" ALTER COLUMN "pinnedOmitted" SET DATA TYPE BIGINT;
ALTER TABLE "metric_rollup" ALTER COLUMN "recalled" SET DATA TYPE BIGINT;
ALTER TABLE "metric_rollup" ALTER COLUMN "promptChars" SET DATA TYPE BIGINT;
ALTER TABLE "metric_rollup" ALTER COLUMN "writeChars" SET DATA TYPE BIGINT;
ALTER TABLE "metric_rollup" ADD COLUMN "promptCharsMax" INTEGER NOT NULL DEFAULT 0;
-- Rows from before have an empty histogram; the upsert adds to it bucket by bucket.
ALTER TABLE "metric_rollup" ADD COLUMN "promptCharsBuckets" INTEGER[] DEFAULT ARRAY[]::INTEGER[];
ALTER TABLE "metric_rollup" ALTER COLUMN "promptCharsBuckets" DROP DEFAULT;

-- Writes and written characters per minute, tenant and scope kind.
CREATE TABLE "metric_rollup_write" (
    "tenantRef" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "scopeKind" TEXT NOT NULL,
    "writes" INTEGER NOT NULL DEFAULT 0,
    "chars" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "metric_rollup_write_pkey" PRIMARY KEY ("tenantRef","minute","scopeKind")
);
CREATE INDEX "metric_rollup_write_minute_idx" ON "metric_rollup_write"("minute");
