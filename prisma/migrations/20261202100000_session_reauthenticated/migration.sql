-- When the person last confirmed their password inside this session ("sudo mode"): sensitive
-- actions ask for it again when neither this nor the sign-in is recent (README "Sessions").
-- AlterTable
ALTER TABLE "user_session" ADD COLUMN "reauthenticatedAt" TIMESTAMP(3);
