-- CreateTable
CREATE TABLE "seeded_item" (
    "key" TEXT NOT NULL,
    "seededAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seeded_item_pkey" PRIMARY KEY ("key")
);
