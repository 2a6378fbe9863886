-- An alert's history for the Operations page (README "Operations"): opened, updated, acknowledged
-- (with the operator's note), resolved and auto-resolved, each with when and who.
ALTER TABLE "alert" ADD COLUMN "acknowledgedNote" TEXT;

CREATE TABLE "alert_event" (
    "id" TEXT NOT NULL,
    "alertId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "userId" TEXT,
    "note" TEXT,

    CONSTRAINT "alert_event_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "alert_event_alertId_at_idx" ON "alert_event"("alertId", "at");
ALTER TABLE "alert_event" ADD CONSTRAINT "alert_event_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "alert"("id") ON DELETE CASCADE ON UPDATE CASCADE;
