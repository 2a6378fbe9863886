-- Changes to people and access (invites, roles, memberships, disabling, password resets) name the
-- person they are about, so that person can read them on their account page (docs/concepts.md
-- "People and access"). Rows without a subject hash exactly as before.
-- AlterTable
ALTER TABLE "audit_event" ADD COLUMN "subjectUserId" TEXT;

-- CreateIndex
CREATE INDEX "audit_event_subjectUserId_at_idx" ON "audit_event"("subjectUserId", "at");
