// Raw runtime events are partitioned by day (docs/operations.md "Partitioned diagnostics"): each
// event lands in its day's table, retention drops whole days, a day without a partition still
// takes events (in the default partition) until the job makes that day's partition and moves them.
import { describe, expect, it } from 'vitest';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { testBackend } from '../../testing/test-database';
import { serviceContext } from '../context';
import { pruneDiagnostics } from './prune-diagnostics';

const db = useSeededDatabase();
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(SEED_NOW.getTime() - days * DAY_MS);

const event = (id: string, at: Date) => ({
  id,
  type: 'memory_written' as const,
  at,
  tenantRef: 'berlin',
  scopes: [],
  scope: 'actor:u1',
  chars: 3,
});

async function partitionOf(id: string): Promise<string> {
  const rows = await db.prisma.$queryRaw<
    { part: string }[]
  >`SELECT tableoid::regclass::text AS part FROM "runtime_event" WHERE "id" = ${id}`;
  return rows.map((row) => row.part.replaceAll('"', '')).join(',');
}

async function partitions(): Promise<string[]> {
  const rows = await db.prisma.$queryRaw<{ name: string }[]>`
    SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = '"runtime_event"'::regclass ORDER BY 1`;
  return rows.map((row) => row.name);
}

describe('runtime_event partitions', () => {
  it('is a partitioned table keyed by (id, at), with a default partition', async () => {
    const kind = await db.prisma.$queryRaw<
      { relkind: string }[]
    >`SELECT relkind::text FROM pg_class WHERE oid = '"runtime_event"'::regclass`;
    expect(kind).toEqual([{ relkind: 'p' }]);
    expect(await partitions()).toContain('runtime_event_default');
  });

  it('puts events on either side of midnight in their own day, and the days ahead already exist', async () => {
    await pruneDiagnostics({ ctx: db.ctx, input: { eventRetentionDays: 14 } });
    const midnight = new Date('2026-12-01T00:00:00.000Z');
    await db.prisma.runtimeEvent.createMany({
      data: [event('evt_before_midnight', new Date(midnight.getTime() - 1)), event('evt_at_midnight', midnight)],
    });
    expect(await partitionOf('evt_before_midnight')).toBe('runtime_event_p20261130');
    expect(await partitionOf('evt_at_midnight')).toBe('runtime_event_p20261201');
    for (const day of ['20261130', '20261203', '20261207']) expect(await partitions()).toContain(`runtime_event_p${day}`);
  });

  it('takes an event for a day without a partition in the default one, then makes the day and moves it there', async () => {
    const far = new Date('2027-02-10T08:00:00.000Z');
    expect(await partitions()).not.toContain('runtime_event_p20270210');
    await db.prisma.runtimeEvent.create({ data: event('evt_far', far) });
    expect(await partitionOf('evt_far')).toBe('runtime_event_default');

    const result = await pruneDiagnostics({ ctx: db.ctx, input: { eventRetentionDays: 14 } });

    expect(result.partitionsCreated).toBe(1);
    expect(await partitionOf('evt_far')).toBe('runtime_event_p20270210');
    expect(await db.prisma.$queryRaw`SELECT "id" FROM "runtime_event_default"`).toEqual([]);
  });

  it('makes a new day’s partition with every column of the parent, so an envelope’s fields survive the move out of the default', async () => {
    const far = new Date('2027-03-10T08:00:00.000Z');
    await db.prisma.runtimeEvent.create({
      data: {
        ...event('evt_far_envelope', far),
        lib: '@dudousxd/nestjs-agent@0.9.0',
        envelopeVersion: 1,
        traceId: 'trace_far',
        scopeCount: 3,
      },
    });
    expect(await partitionOf('evt_far_envelope')).toBe('runtime_event_default');
    await pruneDiagnostics({ ctx: db.ctx, input: { eventRetentionDays: 14 } });
    expect(await partitionOf('evt_far_envelope')).toBe('runtime_event_p20270310');
    expect(await db.prisma.runtimeEvent.findFirstOrThrow({ where: { id: 'evt_far_envelope' } })).toMatchObject({
      lib: '@dudousxd/nestjs-agent@0.9.0',
      envelopeVersion: 1,
      traceId: 'trace_far',
      scopeCount: 3,
    });
    // The same columns in the same order as the parent (the default partition's rows move by SELECT *).
    const columns = (table: string) =>
      db.prisma.$queryRawUnsafe<{ name: string; type: string }[]>(
        `SELECT attname::text AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = '"${table}"'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      );
    const parent = await columns('runtime_event');
    expect(parent.map((column) => column.name)).toEqual(expect.arrayContaining(['lib', 'envelopeVersion', 'traceId', 'scopeCount']));
    expect(await columns('runtime_event_p20270310')).toEqual(parent);
    expect(await columns('runtime_event_default')).toEqual(parent);
  });

  it('forgets a day by dropping its partition once all of it is past the retention, keeping newer days', async () => {
    await db.prisma.$queryRaw`SELECT "runtime_event_ensure_partitions"('2026-11-14'::date, '2026-11-17'::date)`;
    await db.prisma.runtimeEvent.createMany({
      data: [event('evt_16', daysAgo(16)), event('evt_15', daysAgo(15)), event('evt_13', daysAgo(13))],
    });
    // an old event waiting in the default partition (its day was never made) goes too
    await db.prisma.$executeRaw`INSERT INTO "runtime_event_default" ("id", "type", "at", "tenantRef", "scopes")
      VALUES ('evt_default_old', 'memory_written', ${daysAgo(30)}::timestamp(3), 'berlin', '{}')`;
    expect(await partitionOf('evt_16')).toBe('runtime_event_p20261114');
    expect(await partitionOf('evt_15')).toBe('runtime_event_p20261115');

    const result = await pruneDiagnostics({ ctx: db.ctx, input: { eventRetentionDays: 14 } });

    // 14 and 15 November, and the default partition's old day (made first, moving its row, then dropped)
    expect(result.eventDays).toBe(3);
    const left = await partitions();
    expect(left).not.toContain('runtime_event_p20261114');
    expect(left).not.toContain('runtime_event_p20261115');
    expect(left).toContain('runtime_event_p20261117');
    const ids = await db.prisma.runtimeEvent.findMany({
      where: { id: { in: ['evt_16', 'evt_15', 'evt_13', 'evt_default_old'] } },
      select: { id: true },
    });
    expect(ids).toEqual([{ id: 'evt_13' }]);
    // the day straddling the cutoff stays whole until all of it is past the retention
    expect((await pruneDiagnostics({ ctx: db.ctx, input: { eventRetentionDays: 14 } })).eventDays).toBe(0);
  });

  it('lets two runs make the same missing days at once: each day is made once and no run fails', async () => {
    const later = (days: number) => serviceContext(db.prisma, { now: () => new Date(SEED_NOW.getTime() + days * DAY_MS) });
    const results = await Promise.all([
      pruneDiagnostics({ ctx: later(60), input: { eventRetentionDays: 14 } }),
      pruneDiagnostics({ ctx: later(60), input: { eventRetentionDays: 14 } }),
    ]);
    expect(results.map((r) => r.partitionsCreated).reduce((a, b) => a + b, 0)).toBe(8);
    const made = (await partitions()).filter((name) => name >= 'runtime_event_p20270129' && name <= 'runtime_event_p20270205');
    expect(made).toHaveLength(8);
  });

  it.skipIf(testBackend() !== 'postgres')(
    'runs the retention job without superuser powers: the functions are SECURITY DEFINER',
    async () => {
      const rows = await db.prisma.$queryRaw<{ proname: string; prosecdef: boolean }[]>`
      SELECT proname::text, prosecdef FROM pg_proc WHERE proname IN ('runtime_event_ensure_partitions', 'runtime_event_drop_partitions_before') ORDER BY 1`;
      expect(rows).toEqual([
        { proname: 'runtime_event_drop_partitions_before', prosecdef: true },
        { proname: 'runtime_event_ensure_partitions', prosecdef: true },
      ]);
    },
  );
});
