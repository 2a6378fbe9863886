-- One row per sign-in; the session cookie carries its id and every request checks it.
-- CreateTable
CREATE TABLE "user_session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "userAgent" TEXT,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "user_session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "user_session_userId_idx" ON "user_session"("userId");

-- AddForeignKey
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Disabling a user ends all of their sessions, whichever code path sets the flag, so re-enabling
-- them later does not bring old sessions back.
CREATE FUNCTION "user_disabled_revokes_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_session" SET "revokedAt" = CURRENT_TIMESTAMP
    WHERE "userId" = NEW."id" AND "revokedAt" IS NULL;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "user_disabled_revokes_sessions"
  AFTER UPDATE OF "disabled" ON "user"
  FOR EACH ROW WHEN (NEW."disabled" AND NOT OLD."disabled")
  EXECUTE FUNCTION "user_disabled_revokes_sessions"();
