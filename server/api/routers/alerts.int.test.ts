// Alerts through tRPC (docs/features.md "Operations"): who may list, read, acknowledge and resolve
// which tenant's alerts, what acknowledging and resolving store, the history and the audit rows.
import { describe, expect, it } from 'vitest';
import { resolveAlert } from '../../services/alerts/resolve-alert';
import { ingestRuntimeEvents } from '../../services/diagnostics/ingest-runtime-events';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();
let serial = 0;

/** A fresh open alert of `tenantRef`, so each case starts from the same state. */
async function openAlert(tenantRef: string): Promise<string> {
  serial += 1;
  const id = `alr_test${tenantRef}${serial}`;
  await db.prisma.alert.create({
    data: {
      id,
      tenantRef,
      kind: 'pinned_omitted',
      openedAt: SEED_NOW,
      lastSeenAt: SEED_NOW,
      occurrences: 3,
      detail: { maxPinnedOmitted: 2, scopes: [`tenant:${tenantRef}`] },
      events: { create: { id: `alv_test${serial}`, kind: 'opened', at: SEED_NOW } },
    },
  });
  return id;
}

type Outcome = 'ok' | 'FORBIDDEN' | 'NOT_FOUND';
const MATRIX: { who: string; tenantRef: string; expected: Outcome }[] = [
  { who: 'alice@example.com', tenantRef: 'berlin', expected: 'FORBIDDEN' },
  { who: 'hana@example.com', tenantRef: 'hamburg', expected: 'FORBIDDEN' },
  { who: 'bob@example.com', tenantRef: 'hamburg', expected: 'NOT_FOUND' },
  { who: 'bob@example.com', tenantRef: 'berlin', expected: 'ok' },
  { who: 'olga@example.com', tenantRef: 'hamburg', expected: 'ok' },
  { who: 'gina@example.com', tenantRef: 'berlin', expected: 'ok' },
];

describe('alerts.list and alerts.detail', () => {
  it.each([
    { who: 'alice@example.com', expected: 'FORBIDDEN' },
    { who: 'hana@example.com', expected: 'FORBIDDEN' },
    { who: 'bob@example.com', expected: ['berlin'] },
    { who: 'olga@example.com', expected: ['berlin', 'hamburg'] },
    { who: 'gina@example.com', expected: ['berlin', 'hamburg'] },
  ])('$who lists → $expected', async ({ who, expected }) => {
    await openAlert('berlin');
    const caller = await db.callerAs(who);
    if (typeof expected === 'string') {
      expect((await errorOf(caller.alerts.list())).code).toBe(expected);
      return;
    }
    const tenants = [...new Set((await caller.alerts.list()).map((alert) => alert.tenantRef))].sort();
    expect(tenants).toEqual(expected);
  });

  it('shows the seeded Hamburg alert open to the operator, and a tenant outside reach is NOT_FOUND', async () => {
    const olga = await db.callerAs('olga@example.com');
    const open = await olga.alerts.list({ tenantRef: 'hamburg', state: 'open' });
    expect(open.length).toBeGreaterThan(0);
    const bob = await db.callerAs('bob@example.com');
    expect((await errorOf(bob.alerts.list({ tenantRef: 'hamburg' }))).code).toBe('NOT_FOUND');
  });

  it.each(MATRIX)('$who reads the detail of a $tenantRef alert → $expected', async ({ who, tenantRef, expected }) => {
    const id = await openAlert(tenantRef);
    const call = (await db.callerAs(who)).alerts.detail({ id });
    if (expected !== 'ok') {
      expect((await errorOf(call)).code).toBe(expected);
      return;
    }
    const detail = await call;
    expect(detail).toMatchObject({ id, tenantRef, state: 'open', occurrences: 3, maxPinnedOmitted: 2 });
    expect(detail.history.map((step) => step.kind)).toEqual(['opened']);
  });
});

describe('alerts.acknowledge', () => {
  it.each(MATRIX)('$who acknowledges a $tenantRef alert → $expected', async ({ who, tenantRef, expected }) => {
    const id = await openAlert(tenantRef);
    const auditBefore = await db.prisma.auditEvent.count();
    const call = (await db.callerAs(who)).alerts.acknowledge({ id, note: 'Looking into it' });
    const row = async () => db.prisma.alert.findUniqueOrThrow({ where: { id } });
    if (expected !== 'ok') {
      expect((await errorOf(call)).code).toBe(expected);
      expect((await row()).state).toBe('open');
      expect(await db.prisma.auditEvent.count()).toBe(auditBefore);
      return;
    }
    await call;
    const stored = await row();
    expect(stored).toMatchObject({ state: 'acknowledged', acknowledgedBy: await db.userId(who), acknowledgedNote: 'Looking into it' });
    expect(stored.acknowledgedAt).toEqual(SEED_NOW);
    const audit = await db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'alert.acknowledged', after: { path: ['alertId'], equals: id } },
    });
    expect(audit).toMatchObject({ tenantRef, userId: await db.userId(who) });
  });

  it('refuses an empty or too long note, naming the field and the limit', async () => {
    const id = await openAlert('berlin');
    const olga = await db.callerAs('olga@example.com');
    expect((await errorOf(olga.alerts.acknowledge({ id, note: 'x'.repeat(1001) }))).message).toContain(
      'note must be at most 1000 characters',
    );
    expect((await errorOf(olga.alerts.acknowledge({ id, note: ' ' }))).message).toContain('note is required');
  });

  it('lets exactly one of two concurrent acknowledges win; the other gets CONFLICT', async () => {
    const id = await openAlert('hamburg');
    const [olga, gina] = await Promise.all([db.callerAs('olga@example.com'), db.callerAs('gina@example.com')]);
    const results = await Promise.allSettled([
      olga.alerts.acknowledge({ id, note: 'Olga has it' }),
      gina.alerts.acknowledge({ id, note: 'Gina has it' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((result) => result.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(await db.prisma.alertEvent.count({ where: { alertId: id, kind: 'acknowledged' } })).toBe(1);
  });
});

describe('alerts.resolve', () => {
  it.each(MATRIX)('$who resolves a $tenantRef alert → $expected', async ({ who, tenantRef, expected }) => {
    const id = await openAlert(tenantRef);
    const call = (await db.callerAs(who)).alerts.resolve({ id });
    if (expected !== 'ok') {
      expect((await errorOf(call)).code).toBe(expected);
      expect((await db.prisma.alert.findUniqueOrThrow({ where: { id } })).state).toBe('open');
      return;
    }
    await call;
    expect(await db.prisma.alert.findUniqueOrThrow({ where: { id } })).toMatchObject({
      state: 'resolved',
      resolvedBy: await db.userId(who),
      resolvedAt: SEED_NOW,
    });
    expect(await db.prisma.auditEvent.count({ where: { action: 'alert.resolved', tenantRef } })).toBeGreaterThan(0);
  });

  it('keeps the history in order, and a second resolve is a CONFLICT', async () => {
    const id = await openAlert('berlin');
    const bob = await db.callerAs('bob@example.com');
    await bob.alerts.acknowledge({ id, note: 'Unpinning the old travel policy' });
    await bob.alerts.resolve({ id });
    expect((await errorOf(bob.alerts.resolve({ id }))).code).toBe('CONFLICT');
    const detail = await bob.alerts.detail({ id });
    expect(detail.history.map((step) => [step.kind, step.by, step.note])).toEqual([
      ['resolved', 'Bob Brandt', 'Resolved by hand'],
      ['acknowledged', 'Bob Brandt', 'Unpinning the old travel policy'],
      ['opened', null, null],
    ]);
  });

  it('resolves by the quiet period without a person (auto-resolved), with one winner when raced', async () => {
    const id = await openAlert('hamburg');
    const results = await Promise.allSettled([
      resolveAlert({ ctx: db.ctx, input: { id, by: null, reason: 'Quiet for 60 minutes' } }),
      resolveAlert({ ctx: db.ctx, input: { id, by: null, reason: 'Quiet for 60 minutes' } }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    const events = await db.prisma.alertEvent.findMany({ where: { alertId: id, kind: 'auto_resolved' } });
    expect(events).toMatchObject([{ userId: null, note: 'Quiet for 60 minutes' }]);
    expect(await db.prisma.alert.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: 'resolved', resolvedBy: null });
  });
});

describe('alert history from the ingest', () => {
  it('records the opening batch and each later batch that dropped pinned facts', async () => {
    const turn = (minute: number) => ({
      type: 'memory.resolved' as const,
      at: new Date(SEED_NOW.getTime() + minute * 60_000),
      tenantRef: 'berlin',
      scopes: ['tenant:berlin'],
      offered: 5,
      omitted: 1,
      pinnedOmitted: 1,
      recalled: 0,
      promptChars: 900,
    });
    await db.prisma.alert.updateMany({ where: { tenantRef: 'berlin', state: { not: 'resolved' } }, data: { state: 'resolved' } });
    await ingestRuntimeEvents({ ctx: db.ctx, input: { events: [turn(1), turn(2)] } });
    await ingestRuntimeEvents({ ctx: db.ctx, input: { events: [turn(3)] } });
    const [alert] = await (await db.callerAs('bob@example.com')).alerts.list({ tenantRef: 'berlin', state: 'open' });
    const detail = await (await db.callerAs('bob@example.com')).alerts.detail({ id: alert!.id });
    expect(detail.occurrences).toBe(3);
    expect(detail.history.map((step) => step.kind)).toEqual(['updated', 'opened']);
  });
});

describe('alerts.detail forecast and history order', () => {
  it('forecasts from today’s pins which always-on facts Hamburg’s people lose, naming them', async () => {
    const id = await openAlert('hamburg');
    const detail = await (await db.callerAs('olga@example.com')).alerts.detail({ id });
    expect(detail.forecast.peopleOver).toBeGreaterThan(0);
    const names = detail.forecast.groups.flatMap((group) => group.names);
    expect(names).toEqual(expect.arrayContaining(['Hana Hoffmann', 'Jonas Jäger']));
    expect(names.join(' ')).not.toContain('actor:');
    const leftOut = detail.forecast.groups.flatMap((group) => group.leftOut);
    expect(leftOut.length).toBeGreaterThan(0);
    expect(leftOut.every((pin) => pin.text.length > 0 && !pin.from.includes(':'))).toBe(true);
    expect(detail.forecast.groups.every((group) => group.limit === 5)).toBe(true);
    expect(detail.link).toBe(`/ops?alert=${id}`);
  });

  it('lists the history newest first', async () => {
    const id = await openAlert('berlin');
    const bob = await db.callerAs('bob@example.com');
    await bob.alerts.acknowledge({ id, note: 'On it' });
    await bob.alerts.resolve({ id });
    expect((await bob.alerts.detail({ id })).history.map((step) => step.kind)).toEqual(['resolved', 'acknowledged', 'opened']);
  });
});

describe('alerts.handOff', () => {
  it.each(MATRIX)('$who hands a $tenantRef alert to the administrators → $expected', async ({ who, tenantRef, expected }) => {
    const id = await openAlert(tenantRef);
    const auditBefore = await db.prisma.auditEvent.count();
    const call = (await db.callerAs(who)).alerts.handOff({ id, note: 'Please unpin one policy' });
    if (expected !== 'ok') {
      expect((await errorOf(call)).code).toBe(expected);
      expect(await db.prisma.alertEvent.count({ where: { alertId: id, kind: 'handed_off' } })).toBe(0);
      expect(await db.prisma.auditEvent.count()).toBe(auditBefore);
      return;
    }
    const result = await call;
    expect(result).toMatchObject({ id, link: expect.stringContaining(`/ops?alert=${id}`) });
    expect(await db.prisma.alertEvent.findFirstOrThrow({ where: { alertId: id, kind: 'handed_off' } })).toMatchObject({
      userId: await db.userId(who),
      note: 'Please unpin one policy',
    });
    const audit = await db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'alert.handed_off', after: { path: ['alertId'], equals: id } },
    });
    expect(audit).toMatchObject({ tenantRef, userId: await db.userId(who) });
    const detail = await (await db.callerAs(who)).alerts.detail({ id });
    expect(detail.handedOff).toMatchObject({ by: expect.any(String) });
    expect(detail.history[0]).toMatchObject({ kind: 'handed_off', note: 'Please unpin one policy' });
  });

  it('queues an alert.handoff webhook delivery with the forecast and the link when the organisation has a webhook', async () => {
    await db.prisma.alertWebhook.upsert({
      where: { tenantRef: 'hamburg' },
      create: {
        tenantRef: 'hamburg',
        url: 'https://alerts.example.com/hook',
        secret: 'x'.repeat(32),
        createdAt: SEED_NOW,
        updatedAt: SEED_NOW,
        updatedBy: await db.userId('olga@example.com'),
      },
      update: {},
    });
    const id = await openAlert('hamburg');
    const result = await (await db.callerAs('olga@example.com')).alerts.handOff({ id });
    expect(result.webhook).toBe(true);
    const delivery = await db.prisma.webhookDelivery.findFirstOrThrow({ where: { alertId: id, event: 'alert.handoff' } });
    const body = JSON.parse(delivery.body) as {
      event: string;
      handoff: { by: string; note: string | null; link: string; forecast: { peopleOver: number; keysLeftOut: string[] } };
    };
    expect(body.event).toBe('alert.handoff');
    expect(body.handoff).toMatchObject({ by: 'Olga Ostrowski', note: null, link: expect.stringContaining(`/ops?alert=${id}`) });
    expect(body.handoff.forecast.peopleOver).toBeGreaterThan(0);
    expect(body.handoff.forecast.keysLeftOut.length).toBeGreaterThan(0);
    expect(await db.prisma.job.count({ where: { uniqueKey: `webhook:${delivery.id}` } })).toBe(1);
  });

  it('hands off once: of two concurrent hand-offs one wins, the other and a later one get CONFLICT; a resolved alert is refused', async () => {
    const id = await openAlert('hamburg');
    const [olga, gina] = await Promise.all([db.callerAs('olga@example.com'), db.callerAs('gina@example.com')]);
    const results = await Promise.allSettled([olga.alerts.handOff({ id }), gina.alerts.handOff({ id })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect((await errorOf(olga.alerts.handOff({ id }))).message).toContain('already notified');
    expect(await db.prisma.alertEvent.count({ where: { alertId: id, kind: 'handed_off' } })).toBe(1);
    expect(await db.prisma.auditEvent.count({ where: { action: 'alert.handed_off', after: { path: ['alertId'], equals: id } } })).toBe(1);
    const resolved = await openAlert('berlin');
    await olga.alerts.resolve({ id: resolved });
    expect((await errorOf(olga.alerts.handOff({ id: resolved }))).code).toBe('CONFLICT');
  });
});
