// Retention of runtime diagnostics (docs/runtime-api.md "Runtime diagnostics"): raw events and
// idempotency keys go after RUNTIME_EVENT_RETENTION_DAYS, rollups after 400 days; newer data stays.
import { describe, expect, it } from 'vitest';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { pruneDiagnostics } from './prune-diagnostics';

const db = useSeededDatabase();
const daysAgo = (days: number) => new Date(SEED_NOW.getTime() - days * 86_400_000);

describe('pruneDiagnostics', () => {
  it('removes raw events past the retention window and rollups past 400 days', async () => {
    const event = (id: string, at: Date) => ({
      id,
      type: 'memory_written' as const,
      at,
      tenantRef: 'berlin',
      scopes: [],
      scope: 'actor:u1',
      chars: 3,
    });
    await db.prisma.runtimeEvent.createMany({ data: [event('evt_old', daysAgo(15)), event('evt_kept', daysAgo(13))] });
    const rollup = (minute: Date) => ({ tenantRef: 'berlin', minute, turns: 1, promptCharsBuckets: [] });
    await db.prisma.metricRollup.createMany({ data: [rollup(daysAgo(401)), rollup(daysAgo(399))] });

    const result = await pruneDiagnostics({ ctx: db.ctx, input: { eventRetentionDays: 14 } });

    expect(result).toMatchObject({ eventDays: 1, rollups: 1 });
    expect(await db.prisma.runtimeEvent.findMany({ where: { id: { in: ['evt_old', 'evt_kept'] } }, select: { id: true } })).toEqual([
      { id: 'evt_kept' },
    ]);
    expect(await db.prisma.metricRollup.count({ where: { minute: daysAgo(399) } })).toBe(1);
    expect(await db.prisma.metricRollup.count({ where: { minute: daysAgo(401) } })).toBe(0);
  });
});
