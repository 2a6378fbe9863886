-- One-time links that let a person set their password: an administrator's invite or password
-- reset (docs/concepts.md "People and access"). Only the SHA-256 of the link's secret is kept.
-- CreateEnum
CREATE TYPE "SignInLinkKind" AS ENUM ('invite', 'reset');

-- CreateTable
CREATE TABLE "sign_in_link" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "SignInLinkKind" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "sign_in_link_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_link_tokenHash_key" ON "sign_in_link"("tokenHash");

-- CreateIndex
CREATE INDEX "sign_in_link_userId_idx" ON "sign_in_link"("userId");

-- AddForeignKey
ALTER TABLE "sign_in_link" ADD CONSTRAINT "sign_in_link_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
