-- Background work every app instance shares (README "Jobs"): due rows are claimed with
-- FOR UPDATE SKIP LOCKED, so two instances never run one job at the same time. A recurring job is
-- one row with a unique key that moves its runAt forward after each run.
CREATE TABLE "job" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "uniqueKey" TEXT,
    "payload" JSONB NOT NULL,
    "runAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL,
    "lockedUntil" TIMESTAMP(3),
    "claimedBy" TEXT,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "doneAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),

    CONSTRAINT "job_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "job_uniqueKey_key" ON "job"("uniqueKey");
CREATE INDEX "job_doneAt_failedAt_runAt_idx" ON "job"("doneAt", "failedAt", "runAt");

-- One alert webhook per tenant, set by its administrators (README "Alert webhooks"). The secret
-- signs every delivery, so it is kept as given (shown once to the person who made it).
CREATE TABLE "alert_webhook" (
    "tenantRef" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "alert_webhook_pkey" PRIMARY KEY ("tenantRef")
);
ALTER TABLE "alert_webhook" ADD CONSTRAINT "alert_webhook_tenantRef_fkey" FOREIGN KEY ("tenantRef") REFERENCES "tenant"("ref") ON DELETE CASCADE ON UPDATE CASCADE;

-- The delivery log: one row per alert event sent (or being sent) to a tenant's webhook.
CREATE TABLE "webhook_delivery" (
    "id" TEXT NOT NULL,
    "tenantRef" TEXT NOT NULL,
    "alertId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastResponseCode" INTEGER,
    "lastResponse" TEXT,
    "lastError" TEXT,
    "nextTryAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_delivery_alertId_event_key" ON "webhook_delivery"("alertId", "event");
CREATE INDEX "webhook_delivery_tenantRef_createdAt_idx" ON "webhook_delivery"("tenantRef", "createdAt");
