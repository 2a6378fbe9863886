// Stores a validated batch of runtime diagnostics in one transaction (docs/runtime-api.md
// "Runtime diagnostics"): the raw events, the per-minute rollups and the pinned-policy alerts, all or
// nothing. With an idempotency key, a batch the same token already sent lands only once, and the
// same key with another body is refused.
// The transaction runs as raw SQL on `ctx.sql` (the driver's pool) when the caller has it: through
// Prisma each statement of a large batch cost several times more.
import { pinnedDrops, type Diagnostic } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { prismaSqlRunner } from '../../db/sql-runner';
import { queryRows } from '../../db/sql-rows';
import type { ServiceCall, SqlContext } from '../context';
import { claimKeySql, EARLIER_ROW, earlierBatchSql } from './ingest-runtime-events-sql';
import { insertRuntimeEvents } from './insert-runtime-events';
import { lockPinnedAlerts } from './lock-pinned-alerts';
import type { RuntimeEventInput } from './runtime-event-schema';
import { upsertMetricRollups } from './upsert-metric-rollups';

export interface IngestRuntimeEventsInput {
  events: RuntimeEventInput[];
  /** The sending token, its Idempotency-Key header and the SHA-256 of the raw body, when it sent a key. */
  idempotency?: { tokenId: string; key: string; bodyHash: string };
}

export interface IngestResult {
  accepted: number;
  resolved: number;
  written: number;
}

export type IngestOutcome =
  | (IngestResult & { outcome: 'stored' | 'replayed'; alertsTouched: number })
  /** The key came before with another body: nothing was stored. */
  | { outcome: 'keyReused' };

/** Only the fields the rollups and alerts read, named: copying every field by spreading cost more. */
function asDiagnostic(event: RuntimeEventInput): Diagnostic {
  const atMs = event.at.getTime();
  if (event.type === 'memory.written')
    return { type: event.type, atMs, tenantRef: event.tenantRef, scope: event.scope, chars: event.chars };
  const { type, tenantRef, scopes, offered, omitted, pinnedOmitted, recalled, promptChars } = event;
  return { type, atMs, tenantRef, scopes: Array.isArray(scopes) ? scopes : null, offered, omitted, pinnedOmitted, recalled, promptChars };
}

/**
 * Claims the batch's idempotency key (null), or says what the key's earlier batch answered — or
 * that it came with another body.
 */
async function claimKey({
  ctx,
  input,
}: {
  ctx: SqlContext;
  input: { tokenId: string; key: string; bodyHash: string; receivedAt: Date; result: IngestResult };
}): Promise<{ result: IngestResult } | 'keyReused' | null> {
  // A concurrent retry waits on this row's key until the first batch commits, then sees it.
  const claim = claimKeySql(input);
  const claimed = await ctx.sql.query(claim.text, claim.params);
  if (claimed.length > 0) return null;
  const read = earlierBatchSql(input.tokenId, input.key);
  const [earlier] = await queryRows(ctx.sql, EARLIER_ROW, read.text, read.params);
  // A key recorded before bodies were hashed has none; it is answered as it was then.
  return earlier!.bodyHash !== null && earlier!.bodyHash !== input.bodyHash ? 'keyReused' : { result: earlier!.result };
}

export async function ingestRuntimeEvents({ ctx, input }: ServiceCall<IngestRuntimeEventsInput, PrismaClient>): Promise<IngestOutcome> {
  const { events, idempotency } = input;
  const resolved = events.filter((event) => event.type === 'memory.resolved').length;
  const result: IngestResult = { accepted: events.length, resolved, written: events.length - resolved };
  const receivedAt = ctx.now();
  return (ctx.sql ?? prismaSqlRunner(ctx.db)).transaction(async (sql): Promise<IngestOutcome> => {
    const txCtx: SqlContext = { sql, now: ctx.now, newId: ctx.newId };
    if (idempotency) {
      const earlier = await claimKey({ ctx: txCtx, input: { ...idempotency, receivedAt, result } });
      if (earlier === 'keyReused') return { outcome: 'keyReused' };
      if (earlier) return { ...earlier.result, outcome: 'replayed', alertsTouched: 0 };
    }
    if (events.length === 0) return { ...result, outcome: 'stored', alertsTouched: 0 };
    const diagnostics = events.map(asDiagnostic);
    // Raw events first: they lock nothing another batch waits for. What concurrent batches of one
    // tenant share comes last, always in one order (no deadlock): the alert locks by tenant, then
    // the rollup rows by key. The alert writes run in the rollup upsert's round trip, so a tenant's
    // next batch waits only for that statement and the commit.
    await insertRuntimeEvents({ ctx: txCtx, input: { events, receivedAt } });
    const drops = pinnedDrops(diagnostics);
    const alertWrites = await lockPinnedAlerts({ ctx: txCtx, input: { drops } });
    await upsertMetricRollups({ ctx: txCtx, input: { events: diagnostics, alongside: alertWrites } });
    return { ...result, outcome: 'stored', alertsTouched: drops.length };
  });
}
