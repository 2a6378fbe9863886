-- CreateEnum
CREATE TYPE "Author" AS ENUM ('human', 'agent');

-- CreateEnum
CREATE TYPE "GrantRole" AS ENUM ('admin', 'operator');

-- CreateEnum
CREATE TYPE "AlertState" AS ENUM ('open', 'acknowledged', 'resolved');

-- CreateEnum
CREATE TYPE "RuntimeEventType" AS ENUM ('memory_resolved', 'memory_written');

-- CreateTable
CREATE TABLE "tenant" (
    "ref" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "maxMemories" INTEGER NOT NULL DEFAULT 20,
    "maxFactChars" INTEGER NOT NULL DEFAULT 240,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tenant_pkey" PRIMARY KEY ("ref")
);

-- CreateTable
CREATE TABLE "user" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT,
    "actorRef" TEXT NOT NULL,
    "tenantRef" TEXT NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scope_definition" (
    "token" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "tenantRef" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scope_definition_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "scope_membership" (
    "userId" TEXT NOT NULL,
    "scopeToken" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scope_membership_pkey" PRIMARY KEY ("userId","scopeToken")
);

-- CreateTable
CREATE TABLE "grant" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "role" "GrantRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_memory" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "tenantRef" TEXT,
    "pinned" BOOLEAN NOT NULL DEFAULT false,
    "author" "Author" NOT NULL,
    "actorRef" TEXT,
    "threadId" TEXT,
    "runId" TEXT,
    "promotedFromId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    -- Kept by the database itself so no writer can forget it; 'simple' is language-neutral.
    "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "key" || ' ' || "text")) STORED,

    CONSTRAINT "agent_memory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "thread" (
    "id" TEXT NOT NULL,
    "actorRef" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "thread_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_event" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "userId" TEXT,
    "actorRef" TEXT,
    "action" TEXT NOT NULL,
    "scope" TEXT,
    "tenantRef" TEXT,
    "memoryId" TEXT,
    "key" TEXT,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "audit_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runtime_event" (
    "id" TEXT NOT NULL,
    "type" "RuntimeEventType" NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tenantRef" TEXT NOT NULL,
    "runId" TEXT,
    "scopes" TEXT[],
    "offered" INTEGER,
    "omitted" INTEGER,
    "pinnedOmitted" INTEGER,
    "recalled" INTEGER,
    "promptChars" INTEGER,
    "scope" TEXT,
    "chars" INTEGER,

    CONSTRAINT "runtime_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "metric_rollup" (
    "tenantRef" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "turns" INTEGER NOT NULL DEFAULT 0,
    "offered" INTEGER NOT NULL DEFAULT 0,
    "omitted" INTEGER NOT NULL DEFAULT 0,
    "pinnedOmitted" INTEGER NOT NULL DEFAULT 0,
    "turnsPinnedOmitted" INTEGER NOT NULL DEFAULT 0,
    "recalled" INTEGER NOT NULL DEFAULT 0,
    "promptChars" INTEGER NOT NULL DEFAULT 0,
    "writes" INTEGER NOT NULL DEFAULT 0,
    "writeChars" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "metric_rollup_pkey" PRIMARY KEY ("tenantRef","minute")
);

-- CreateTable
CREATE TABLE "alert" (
    "id" TEXT NOT NULL,
    "tenantRef" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "state" "AlertState" NOT NULL DEFAULT 'open',
    "openedAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,
    "occurrences" INTEGER NOT NULL DEFAULT 1,
    "detail" JSONB,
    "acknowledgedAt" TIMESTAMP(3),
    "acknowledgedBy" TEXT,
    "resolvedAt" TIMESTAMP(3),
    "resolvedBy" TEXT,

    CONSTRAINT "alert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_token" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tenantRef" TEXT NOT NULL,
    "actorRef" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "api_token_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_email_key" ON "user"("email");

-- CreateIndex
CREATE UNIQUE INDEX "user_actorRef_key" ON "user"("actorRef");

-- CreateIndex
CREATE INDEX "user_tenantRef_idx" ON "user"("tenantRef");

-- CreateIndex
CREATE INDEX "scope_definition_tenantRef_idx" ON "scope_definition"("tenantRef");

-- CreateIndex
CREATE INDEX "scope_membership_scopeToken_idx" ON "scope_membership"("scopeToken");

-- CreateIndex
CREATE INDEX "grant_scope_idx" ON "grant"("scope");

-- CreateIndex
CREATE UNIQUE INDEX "grant_userId_scope_role_key" ON "grant"("userId", "scope", "role");

-- CreateIndex
CREATE INDEX "agent_memory_key_idx" ON "agent_memory"("key");

-- CreateIndex
CREATE INDEX "agent_memory_tenantRef_key_idx" ON "agent_memory"("tenantRef", "key");

-- CreateIndex
CREATE INDEX "agent_memory_tenantRef_author_idx" ON "agent_memory"("tenantRef", "author");

-- CreateIndex
CREATE INDEX "agent_memory_threadId_idx" ON "agent_memory"("threadId");

-- CreateIndex
CREATE INDEX "agent_memory_search_idx" ON "agent_memory" USING GIN ("search");

-- CreateIndex
CREATE UNIQUE INDEX "agent_memory_scope_key_key" ON "agent_memory"("scope", "key");

-- CreateIndex
CREATE INDEX "thread_actorRef_idx" ON "thread"("actorRef");

-- CreateIndex
CREATE INDEX "audit_event_tenantRef_at_idx" ON "audit_event"("tenantRef", "at");

-- CreateIndex
CREATE INDEX "audit_event_memoryId_idx" ON "audit_event"("memoryId");

-- CreateIndex
CREATE INDEX "runtime_event_tenantRef_at_idx" ON "runtime_event"("tenantRef", "at");

-- CreateIndex
CREATE INDEX "runtime_event_at_idx" ON "runtime_event"("at");

-- CreateIndex
CREATE INDEX "metric_rollup_minute_idx" ON "metric_rollup"("minute");

-- CreateIndex
CREATE INDEX "alert_tenantRef_state_idx" ON "alert"("tenantRef", "state");

-- CreateIndex
CREATE INDEX "alert_state_openedAt_idx" ON "alert"("state", "openedAt");

-- CreateIndex
CREATE UNIQUE INDEX "api_token_tokenHash_key" ON "api_token"("tokenHash");

-- CreateIndex
CREATE INDEX "api_token_tenantRef_idx" ON "api_token"("tenantRef");

-- AddForeignKey
ALTER TABLE "user" ADD CONSTRAINT "user_tenantRef_fkey" FOREIGN KEY ("tenantRef") REFERENCES "tenant"("ref") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scope_definition" ADD CONSTRAINT "scope_definition_tenantRef_fkey" FOREIGN KEY ("tenantRef") REFERENCES "tenant"("ref") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scope_membership" ADD CONSTRAINT "scope_membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scope_membership" ADD CONSTRAINT "scope_membership_scopeToken_fkey" FOREIGN KEY ("scopeToken") REFERENCES "scope_definition"("token") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grant" ADD CONSTRAINT "grant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_tenantRef_fkey" FOREIGN KEY ("tenantRef") REFERENCES "tenant"("ref") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The audit log is append-only: refuse any change or removal of a row, whoever asks.
CREATE FUNCTION "audit_event_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_event is append-only: % is not allowed', TG_OP;
END;
$$;

CREATE TRIGGER "audit_event_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_event"
  FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"();

CREATE TRIGGER "audit_event_no_truncate"
  BEFORE TRUNCATE ON "audit_event"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_event_append_only"();
