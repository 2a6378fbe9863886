-- What the reference library's envelope carries besides its payload (docs/runtime-api.md "Runtime
-- diagnostics"): the library that sent it ("lib", e.g. @dudousxd/nestjs-agent@0.9.0), the envelope's
-- version ("v"), the trace it belongs to, and the number of scopes a turn read when it reported
-- only how many (then "scopes" is NULL). All NULL for the console's own flat shape, and for every
-- event stored before.
--
-- Added to the partitioned parent: PostgreSQL adds a column of a partitioned table to every
-- partition (the daily ones and the default), and runtime_event_ensure_partitions makes each new
-- day's table LIKE the parent, so it has them too, in the same order (its INSERT … SELECT * from
-- the default partition relies on that). Nullable without a default: no partition is rewritten.
ALTER TABLE "runtime_event"
  ADD COLUMN "lib" TEXT,
  ADD COLUMN "envelopeVersion" INTEGER,
  ADD COLUMN "traceId" TEXT,
  ADD COLUMN "scopeCount" INTEGER;
