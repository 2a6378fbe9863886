// The demo data (README "Demo accounts", docs/concepts.md) exists after seeding, obeys the rules,
// and seeding again changes nothing.
import { describe, expect, it } from 'vitest';
import { applyPrecedence, selectForTurn } from '../../domain';
import { loadViewer } from '../../auth/viewer';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { autoResolveAlerts } from '../alerts/auto-resolve-alerts';
import { DEMO_LATEST_DROP_MS, seedDemo } from './seed-demo';

const db = useSeededDatabase();

async function snapshot() {
  const [users, memories, events, rollups, alerts, audit, grants] = await Promise.all([
    db.prisma.user.count(),
    db.prisma.agentMemory.findMany({ orderBy: { id: 'asc' }, select: { id: true, version: true, text: true } }),
    db.prisma.runtimeEvent.count(),
    db.prisma.metricRollup.count(),
    db.prisma.alert.count(),
    db.prisma.auditEvent.count(),
    db.prisma.grant.count(),
  ]);
  return { users, memories, events, rollups, alerts, audit, grants };
}

async function recordsFor(email: string) {
  const viewer = (await loadViewer(db.prisma, await db.userId(email)))!;
  const rows = await db.prisma.agentMemory.findMany({ where: { scope: { in: viewer.scopes } } });
  const records = rows.map((row) => ({
    ...row,
    actorRef: row.actorRef ?? undefined,
    threadId: row.threadId ?? undefined,
    runId: row.runId ?? undefined,
  }));
  return { viewer, entries: applyPrecedence(records, viewer.scopes) };
}

describe('seedDemo', () => {
  it('is idempotent: a second run creates nothing and changes nothing', async () => {
    const before = await snapshot();
    const result = await seedDemo({ ctx: db.ctx });
    expect(result).toEqual({ memoriesCreated: 0, eventsCreated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('holds the fiscal-year conflict: alice’s agent value wins over the global human policy', async () => {
    const { entries } = await recordsFor('alice@example.com');
    const fiscal = entries.find((entry) => entry.key === 'fiscal-year')!;
    expect(fiscal).toMatchObject({ scope: 'actor:u1', author: 'agent', text: 'They report on the calendar year.', alwaysOn: true });
    expect(fiscal.overrides).toEqual([{ scope: 'global', text: 'The fiscal year starts in October.', author: 'human' }]);
    expect(entries.find((entry) => entry.key === 'units')).toMatchObject({ scope: 'global', author: 'human' });
  });

  it('gives every demo person at least two memories at their own scope', async () => {
    for (const [email, actor] of [
      ['alice@example.com', 'u1'],
      ['bob@example.com', 'u2'],
      ['olga@example.com', 'u3'],
      ['hana@example.com', 'h1'],
    ]) {
      expect(await db.prisma.agentMemory.count({ where: { scope: `actor:${actor}` } }), email).toBeGreaterThanOrEqual(2);
    }
    expect(await db.prisma.agentMemory.count({ where: { scope: 'tenant:hamburg' } })).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.agentMemory.count({ where: { scope: 'depot:hh' } })).toBeGreaterThanOrEqual(1);
  });

  it('pins more policies for hana than her tenant’s budget holds', async () => {
    const { viewer, entries } = await recordsFor('hana@example.com');
    const selection = selectForTurn(entries, viewer.scopes, { maxMemories: viewer.tenant.maxMemories });
    expect(selection.digest.pinnedOmitted).toBeGreaterThan(0);
  });

  it('has promotion candidates: agent conclusions shared by several berlin actors', async () => {
    const shared = await db.prisma.agentMemory.groupBy({
      by: ['key'],
      where: { tenantRef: 'berlin', author: 'agent' },
      _count: { _all: true },
      having: { key: { _count: { gte: 3 } } },
    });
    expect(shared.map((group) => group.key).sort()).toEqual(['meeting-length', 'report-format']);
  });

  it('keeps a memory whose conversation is gone', async () => {
    const hotel = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u1', key: 'hotel' } } });
    const thread = await db.prisma.thread.findUniqueOrThrow({ where: { id: hotel.threadId! } });
    expect(thread.deletedAt).not.toBeNull();
  });

  it('has seven days of diagnostics including turns that dropped pinned policies, and an alert open minutes before seeding', async () => {
    const range = await db.prisma.runtimeEvent.aggregate({ _min: { at: true }, _max: { at: true } });
    expect(range._min.at!.getTime()).toBeLessThanOrEqual(SEED_NOW.getTime() - 7 * 86_400_000 + 3_600_000);
    expect(range._max.at!.getTime()).toBeLessThanOrEqual(SEED_NOW.getTime());
    expect(await db.prisma.runtimeEvent.count({ where: { pinnedOmitted: { gt: 0 } } })).toBeGreaterThan(0);
    const alert = await db.prisma.alert.findFirstOrThrow({ where: { tenantRef: 'hamburg', state: 'open' } });
    expect(alert.lastSeenAt).toEqual(new Date(SEED_NOW.getTime() - DEMO_LATEST_DROP_MS));
    // Still open after the quiet-period job runs at seeding time.
    expect(await autoResolveAlerts({ ctx: db.ctx, input: { quietMinutes: 60 } })).toBe(0);
  });

  it('audits a published shared fact with its key and full before/after', async () => {
    const policy = await db.prisma.agentMemory.findUniqueOrThrow({
      where: { scope_key: { scope: 'tenant:berlin', key: 'data-retention' } },
    });
    const row = await db.prisma.auditEvent.findFirstOrThrow({ where: { memoryId: policy.id } });
    expect(row).toMatchObject({
      userId: await db.userId('bob@example.com'),
      action: 'memory.published',
      scope: 'tenant:berlin',
      key: 'data-retention',
      before: null,
      after: { key: 'data-retention', text: 'Never store customer names in notes.', pinned: true, author: 'human', version: 1 },
    });
  });

  it('refuses to change or delete audit rows', async () => {
    const row = await db.prisma.auditEvent.findFirstOrThrow();
    await expect(db.prisma.auditEvent.update({ where: { id: row.id }, data: { action: 'tampered' } })).rejects.toThrow(/append-only/);
    await expect(db.prisma.auditEvent.delete({ where: { id: row.id } })).rejects.toThrow(/append-only/);
  });

  it('never brings back what a person removed after seeding: a memory, a grant, a membership', async () => {
    const bob = await db.userId('bob@example.com');
    const hana = await db.userId('hana@example.com');
    await db.prisma.agentMemory.delete({ where: { scope_key: { scope: 'actor:u2', key: 'report-format' } } });
    await db.prisma.grant.deleteMany({ where: { userId: bob } });
    await db.prisma.scopeMembership.deleteMany({ where: { userId: hana } });
    const before = await snapshot();

    expect(await seedDemo({ ctx: db.ctx })).toEqual({ memoriesCreated: 0, eventsCreated: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'actor:u2', key: 'report-format' } } })).toBeNull();
    expect(await db.prisma.grant.count({ where: { userId: bob } })).toBe(0);
    expect(await db.prisma.scopeMembership.count({ where: { userId: hana } })).toBe(0);
  });
});

describe('the demo facts due for review', () => {
  it('are three Berlin facts published 200 days before the seed clock, due for review now', async () => {
    const { listDueFacts } = await import('../life/list-due-facts');
    // Gina administers everything (an earlier test here takes bob's grant away).
    const gina = (await loadViewer(db.prisma, await db.userId('gina@example.com')))!;
    const due = await listDueFacts({ ctx: db.ctx, input: { viewer: gina } });
    expect(due.facts.map((fact) => fact.key).sort()).toEqual(['bike-parking', 'printer-room', 'visitor-badges']);
    const published = new Date(SEED_NOW.getTime() - 200 * 86_400_000);
    for (const fact of due.facts) expect(fact.dueAt).toBe(new Date(published.getTime() + 180 * 86_400_000).toISOString());
  });
});
