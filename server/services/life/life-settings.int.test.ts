// The organisation's lifetime for conclusions and review interval, "apply to existing ones"
// (forecast, then confirmed with the count seen), "Due for review" and "Still true?", for every
// persona including the refused ones.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, GINA, HANA, OLGA } from '../../testing/demo-people';
import { errorOf, reasonOf } from '../../testing/trpc-error';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();
const DAY = 86_400_000;
const ago = (days: number) => new Date(SEED_NOW.getTime() - days * DAY);
const berlinConclusions = { tenantRef: 'berlin', author: 'agent' as const, scope: { startsWith: 'actor:' } };

describe('the organisation’s lifetime for the assistant’s conclusions', () => {
  it('is set in the settings, forecast, and applied to existing ones only when confirmed with the count seen', async () => {
    const bob = await db.callerAs(BOB);
    const settings = await bob.tenants.settings({ tenantRef: 'berlin' });
    expect(settings).toMatchObject({ conclusionLifetimeDays: null, reviewIntervalDays: 180 });
    const saved = await bob.tenants.updateSettings({
      tenantRef: 'berlin',
      maxMemories: settings.maxMemories,
      maxFactChars: settings.maxFactChars,
      conclusionLifetimeDays: 30,
      reviewIntervalDays: 90,
      expectedUpdatedAt: settings.updatedAt,
    });
    expect(saved).toMatchObject({ conclusionLifetimeDays: 30, reviewIntervalDays: 90 });
    // Setting it changed no existing conclusion.
    expect(await db.prisma.agentMemory.count({ where: { ...berlinConclusions, expiresAt: { not: null } } })).toBe(0);

    const held = await db.prisma.agentMemory.count({ where: berlinConclusions });
    await db.prisma.agentMemory.updateMany({ where: { ...berlinConclusions, scope: 'actor:u2' }, data: { updatedAt: ago(40) } });
    const old = await db.prisma.agentMemory.count({ where: { ...berlinConclusions, scope: 'actor:u2' } });
    const forecast = await bob.tenants.forecastLifetime({ tenantRef: 'berlin' });
    expect(forecast).toEqual({ lifetimeDays: 30, withoutExpiry: held, wouldExpireNow: old });

    const stale = await errorOf(bob.tenants.applyLifetime({ tenantRef: 'berlin', expectedCount: held + 1 }));
    expect(stale.code).toBe('CONFLICT');
    expect(await db.prisma.agentMemory.count({ where: { ...berlinConclusions, expiresAt: { not: null } } })).toBe(0);

    await expect(bob.tenants.applyLifetime({ tenantRef: 'berlin', expectedCount: held })).resolves.toEqual(forecast);
    expect(await db.prisma.agentMemory.count({ where: { ...berlinConclusions, expiresAt: { not: null } } })).toBe(held);
    const u2 = await db.prisma.agentMemory.findFirstOrThrow({ where: { ...berlinConclusions, scope: 'actor:u2' } });
    expect(u2.expiresAt).toEqual(new Date(ago(40).getTime() + 30 * DAY));
    // People's own statements never get the assistant's lifetime.
    expect(await db.prisma.agentMemory.count({ where: { tenantRef: 'berlin', author: 'human', expiresAt: { not: null } } })).toBe(0);
    expect(await db.prisma.auditEvent.count({ where: { action: 'tenant.lifetime-applied', tenantRef: 'berlin' } })).toBe(1);
  });

  it('refuses values out of range, naming the field and the limit', async () => {
    const bob = await db.callerAs(BOB);
    const settings = await bob.tenants.settings({ tenantRef: 'berlin' });
    const error = await errorOf(
      bob.tenants.updateSettings({
        tenantRef: 'berlin',
        maxMemories: settings.maxMemories,
        maxFactChars: settings.maxFactChars,
        reviewIntervalDays: 3,
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('reviewIntervalDays must be at least 7');
  });

  it.each([
    ['alice', ALICE, 'FORBIDDEN'],
    ['hana', HANA, 'FORBIDDEN'],
    ['olga (operator)', OLGA, 'FORBIDDEN'],
  ])('%s cannot forecast or apply it (%s)', async (_name, email, code) => {
    const caller = await db.callerAs(email);
    expect((await errorOf(caller.tenants.forecastLifetime({ tenantRef: 'berlin' }))).code).toBe(code);
    expect((await errorOf(caller.tenants.applyLifetime({ tenantRef: 'berlin', expectedCount: 0 }))).code).toBe(code);
  });
});

describe('due for review', () => {
  it('lists the facts an administrator may change, past their review date; a confirmation takes one off', async () => {
    await db.prisma.agentMemory.updateMany({ where: { scope: { not: { startsWith: 'actor:' } } }, data: { updatedAt: ago(200) } });
    await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { reviewIntervalDays: 180 } });
    const bob = await db.callerAs(BOB);
    const due = await bob.review.dueFacts();
    // With the demo's own three due facts (published 200 days before the seed's clock).
    expect(due.facts.map((fact) => fact.key).sort()).toEqual([
      'bike-parking',
      'data-retention',
      'expense-limit',
      'printer-room',
      'visitor-badges',
    ]);
    expect(due.facts[0]!.dueAt).toBe(new Date(ago(200).getTime() + 180 * DAY).toISOString());
    const gina = await db.callerAs(GINA);
    expect((await gina.review.dueFacts()).facts.map((fact) => fact.scope)).toEqual(
      expect.arrayContaining(['global', 'tenant:hamburg', 'depot:hh']),
    );

    const result = await bob.facts.act({
      ids: due.facts.map((fact) => fact.id),
      action: 'confirm',
      expectedVersions: due.facts.map((fact) => ({ id: fact.id, version: fact.version })),
    });
    expect(result.counts.done).toBe(5);
    expect((await bob.review.dueFacts()).facts).toEqual([]);

    // A date set for the fact wins over the interval.
    await db.prisma.agentMemory.update({
      where: { scope_key: { scope: 'tenant:berlin', key: 'expense-limit' } },
      data: { reviewAt: ago(1) },
    });
    expect((await bob.review.dueFacts()).facts.map((fact) => fact.key)).toEqual(['expense-limit']);
    // A muted fact is not asked about.
    await bob.facts.act({ ids: [due.facts.find((fact) => fact.key === 'expense-limit')!.id], action: 'mute' });
    expect((await bob.review.dueFacts()).facts).toEqual([]);
  });

  it('is for administrators only', async () => {
    for (const email of [ALICE, HANA, OLGA]) {
      const error = await errorOf((await db.callerAs(email)).review.dueFacts());
      expect([error.code, reasonOf(error)]).toEqual(['FORBIDDEN', 'NOT_ADMINISTRATOR']);
    }
  });
});

describe('"Still true?"', () => {
  it('asks about old own memories at most once a week; answered ones stop asking', async () => {
    await db.prisma.agentMemory.updateMany({ where: { scope: 'actor:h1' }, data: { updatedAt: ago(200) } });
    const hana = await db.callerAs(HANA);
    const first = await hana.memories.stillTrue();
    expect(first.questions.map((question) => question.key).sort()).toEqual(['forklift-licence', 'shift']);
    await hana.memories.act({ ids: [first.questions[0]!.id], action: 'confirm' });
    expect((await hana.memories.stillTrue()).questions).toHaveLength(1);
    await hana.memories.stillTrueShown();
    expect((await hana.memories.stillTrue()).questions).toEqual([]);
    // Alice has nothing that old.
    expect((await (await db.callerAs(ALICE)).memories.stillTrue()).questions).toEqual([]);
  });
});
