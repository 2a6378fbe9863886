-- "Snooze" in the review queue (docs/features.md "Review queue"): a key an administrator hides from
-- To review for one tenant until a time. Whether it still hides the key is decided at read time with
-- the moment as a parameter (server/domain/review-queue.ts `isSnoozed`): until "snoozedUntil"
-- passes, or earlier when a conclusion newer than "seenNewestAt" arrives. "version" counts every
-- change, so a change names the version it started from.
CREATE TABLE "review_snooze" (
    "tenantRef" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "snoozedUntil" TIMESTAMP(3) NOT NULL,
    "seenNewestAt" TIMESTAMP(3) NOT NULL,
    "snoozedBy" TEXT NOT NULL,
    "snoozedAt" TIMESTAMP(3) NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "review_snooze_pkey" PRIMARY KEY ("tenantRef","key")
);
