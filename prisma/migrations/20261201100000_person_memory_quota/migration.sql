-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "maxMemoriesPerPerson" INTEGER NOT NULL DEFAULT 500;
