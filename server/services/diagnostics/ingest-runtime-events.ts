// Stores a batch of runtime diagnostics: raw events, per-minute per-tenant rollups, and an alert
// whenever a turn dropped pinned policies for budget (pinnedOmitted > 0).
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { PINNED_OMITTED_ALERT, type RuntimeEventInput } from './runtime-event-schema';

function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

interface Bucket {
  tenantRef: string;
  minute: Date;
  turns: number;
  offered: number;
  omitted: number;
  pinnedOmitted: number;
  turnsPinnedOmitted: number;
  recalled: number;
  promptChars: number;
  writes: number;
  writeChars: number;
}

export interface IngestRuntimeEventsInput {
  events: RuntimeEventInput[];
}

export async function ingestRuntimeEvents({ ctx, input }: ServiceCall<IngestRuntimeEventsInput, PrismaClient>): Promise<{ stored: number; alertsTouched: number }> {
  const { events } = input;
  if (events.length === 0) return { stored: 0, alertsTouched: 0 };
  const buckets = new Map<string, Bucket>();
  const pinnedDrops = new Map<string, { first: Date; last: Date; turns: number; pinnedOmitted: number }>();
  for (const event of events) {
    const minute = minuteOf(event.at);
    const id = `${event.tenantRef}|${minute.toISOString()}`;
    const bucket = buckets.get(id) ?? {
      tenantRef: event.tenantRef, minute, turns: 0, offered: 0, omitted: 0, pinnedOmitted: 0,
      turnsPinnedOmitted: 0, recalled: 0, promptChars: 0, writes: 0, writeChars: 0,
    };
    if (event.type === 'memory.resolved') {
      bucket.turns += 1;
      bucket.offered += event.offered;
      bucket.omitted += event.omitted;
      bucket.pinnedOmitted += event.pinnedOmitted;
      bucket.recalled += event.recalled;
      bucket.promptChars += event.promptChars;
      if (event.pinnedOmitted > 0) {
        bucket.turnsPinnedOmitted += 1;
        const drop = pinnedDrops.get(event.tenantRef) ?? { first: event.at, last: event.at, turns: 0, pinnedOmitted: 0 };
        drop.first = event.at < drop.first ? event.at : drop.first;
        drop.last = event.at > drop.last ? event.at : drop.last;
        drop.turns += 1;
        drop.pinnedOmitted += event.pinnedOmitted;
        pinnedDrops.set(event.tenantRef, drop);
      }
    } else {
      bucket.writes += 1;
      bucket.writeChars += event.chars;
    }
    buckets.set(id, bucket);
  }

  const receivedAt = ctx.now();
  await ctx.db.$transaction(async (tx) => {
    await tx.runtimeEvent.createMany({
      data: events.map((event) => ({
        id: ctx.newId('evt'),
        type: event.type === 'memory.resolved' ? ('memory_resolved' as const) : ('memory_written' as const),
        at: event.at,
        receivedAt,
        tenantRef: event.tenantRef,
        runId: event.runId ?? null,
        ...(event.type === 'memory.resolved'
          ? {
              scopes: event.scopes,
              offered: event.offered,
              omitted: event.omitted,
              pinnedOmitted: event.pinnedOmitted,
              recalled: event.recalled,
              promptChars: event.promptChars,
            }
          : { scopes: [], scope: event.scope, chars: event.chars }),
      })),
    });
    for (const { tenantRef, minute, ...totals } of buckets.values()) {
      await tx.metricRollup.upsert({
        where: { tenantRef_minute: { tenantRef, minute } },
        create: { tenantRef, minute, ...totals },
        update: Object.fromEntries(Object.entries(totals).map(([field, value]) => [field, { increment: value }])),
      });
    }
    for (const [tenantRef, drop] of pinnedDrops) {
      const open = await tx.alert.findFirst({
        where: { tenantRef, kind: PINNED_OMITTED_ALERT, state: { in: ['open', 'acknowledged'] } },
      });
      if (open) {
        await tx.alert.update({
          where: { id: open.id },
          data: { occurrences: { increment: drop.turns }, lastSeenAt: drop.last > open.lastSeenAt ? drop.last : open.lastSeenAt },
        });
      } else {
        await tx.alert.create({
          data: {
            id: ctx.newId('alr'),
            tenantRef,
            kind: PINNED_OMITTED_ALERT,
            openedAt: drop.first,
            lastSeenAt: drop.last,
            occurrences: drop.turns,
            detail: { pinnedOmitted: drop.pinnedOmitted },
          },
        });
      }
    }
  });
  return { stored: events.length, alertsTouched: pinnedDrops.size };
}
