-- A system principal (README "Demo accounts": the console installer) is a user row that publishes
-- on the deployment's behalf. It is no person: no person list or count includes it, and it cannot
-- sign in. The installer the seed created before this column existed becomes one.
-- AlterTable
ALTER TABLE "user" ADD COLUMN "system" BOOLEAN NOT NULL DEFAULT false;

UPDATE "user" SET "system" = true WHERE "email" = 'installer@memory-console.invalid';
