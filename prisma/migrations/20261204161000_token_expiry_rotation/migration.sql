-- API tokens may expire, and rotating one replaces its secret by a new token's while the old one
-- stays valid for 24 hours (docs/runtime-api.md "API tokens"). Both are enforced when a request is
-- authenticated, by comparing these times with the request's time: no job revokes anything.
ALTER TABLE "api_token" ADD COLUMN "expiresAt" TIMESTAMP(3);
ALTER TABLE "api_token" ADD COLUMN "rotatedAt" TIMESTAMP(3);
ALTER TABLE "api_token" ADD COLUMN "replacedBy" TEXT;
