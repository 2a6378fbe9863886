-- Which assistant conclusions a published memory was promoted from (README "Publishing the
-- assistant's conclusions"). sourceId has no foreign key on purpose: a promotion may retire
-- (delete) its sources, and the link still says where the fact came from.
-- CreateTable
CREATE TABLE "memory_promotion_source" (
    "memoryId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "promotedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "memory_promotion_source_pkey" PRIMARY KEY ("memoryId","sourceId")
);

-- CreateIndex
CREATE INDEX "memory_promotion_source_sourceId_idx" ON "memory_promotion_source"("sourceId");

-- AddForeignKey
ALTER TABLE "memory_promotion_source" ADD CONSTRAINT "memory_promotion_source_memoryId_fkey" FOREIGN KEY ("memoryId") REFERENCES "agent_memory"("id") ON DELETE CASCADE ON UPDATE CASCADE;
