-- Failed sign-in counters, one row per account ("account:<email>") or client address
-- ("address:<ip>"), shared by every console instance on this database.
-- CreateTable
CREATE TABLE "sign_in_throttle" (
    "key" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "sign_in_throttle_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "sign_in_throttle_windowStart_idx" ON "sign_in_throttle"("windowStart");
