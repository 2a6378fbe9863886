// Stores a validated batch of runtime diagnostics in one transaction (README "Runtime
// diagnostics"): the raw events, the per-minute rollups and the pinned-policy alerts, all or
// nothing. With an idempotency key, a batch the same token already sent lands only once.
import { pinnedDrops, type Diagnostic } from '../../domain';
import type { Prisma, PrismaClient } from '../../db/generated/client';
import { inTransaction, type ServiceCall } from '../context';
import { insertRuntimeEvents } from './insert-runtime-events';
import { recordPinnedDrops } from './record-pinned-drops';
import type { RuntimeEventInput } from './runtime-event-schema';
import { upsertMetricRollups } from './upsert-metric-rollups';

export interface IngestRuntimeEventsInput {
  events: RuntimeEventInput[];
  /** The sending token and its Idempotency-Key header, when it sent one. */
  idempotency?: { tokenId: string; key: string };
}

export interface IngestResult {
  accepted: number;
  resolved: number;
  written: number;
}

function asDiagnostic(event: RuntimeEventInput): Diagnostic {
  return { ...event, atMs: event.at.getTime() };
}

export async function ingestRuntimeEvents({
  ctx,
  input,
}: ServiceCall<IngestRuntimeEventsInput, PrismaClient>): Promise<IngestResult & { replayed: boolean; alertsTouched: number }> {
  const { events, idempotency } = input;
  const resolved = events.filter((event) => event.type === 'memory.resolved').length;
  const result: IngestResult = { accepted: events.length, resolved, written: events.length - resolved };
  const receivedAt = ctx.now();
  return ctx.db.$transaction(async (tx) => {
    if (idempotency) {
      // A concurrent retry waits on this row's key until the first batch commits, then sees it.
      const claimed = await tx.$queryRaw<{ key: string }[]>`
        INSERT INTO "ingest_idempotency_key" ("tokenId", "key", "createdAt", "result")
        VALUES (${idempotency.tokenId}, ${idempotency.key}, ${receivedAt.toISOString()}::timestamp(3), ${JSON.stringify(result)}::jsonb)
        ON CONFLICT DO NOTHING RETURNING "key"`;
      if (claimed.length === 0) {
        const earlier = await tx.ingestIdempotencyKey.findUniqueOrThrow({ where: { tokenId_key: idempotency } });
        return { ...(earlier.result as Prisma.JsonObject as unknown as IngestResult), replayed: true, alertsTouched: 0 };
      }
    }
    if (events.length === 0) return { ...result, replayed: false, alertsTouched: 0 };
    const txCtx = inTransaction(ctx, tx);
    const diagnostics = events.map(asDiagnostic);
    await insertRuntimeEvents({ ctx: txCtx, input: { events, receivedAt } });
    await upsertMetricRollups({ ctx: txCtx, input: { events: diagnostics } });
    const alertsTouched = await recordPinnedDrops({ ctx: txCtx, input: { drops: pinnedDrops(diagnostics) } });
    return { ...result, replayed: false, alertsTouched };
  });
}
