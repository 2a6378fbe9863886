// tenants.* for every persona (docs/features.md "Tenant settings"): administrators see and change
// their own organisation's settings, audited; everyone else is refused.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, GINA, HANA, OLGA } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

describe('tenants.settings and updateSettings', () => {
  it('shows bob Berlin’s settings and saves a change with an audit row', async () => {
    const caller = await db.callerAs(BOB);
    const current = await caller.tenants.settings({ tenantRef: 'berlin' });
    expect(current).toMatchObject({ tenantRef: 'berlin', maxMemories: 20, maxFactChars: 240 });
    const saved = await caller.tenants.updateSettings({
      tenantRef: 'berlin',
      maxMemories: 25,
      maxFactChars: 300,
      expectedUpdatedAt: current.updatedAt,
    });
    expect(saved).toMatchObject({ maxMemories: 25, maxFactChars: 300 });
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: 'tenant.settings-updated', tenantRef: 'berlin' } });
    expect([audit.before, audit.after]).toEqual([
      { maxMemories: 20, maxFactChars: 240, conclusionLifetimeDays: null, reviewIntervalDays: 180 },
      { maxMemories: 25, maxFactChars: 300, conclusionLifetimeDays: null, reviewIntervalDays: 180 },
    ]);
    const stale = await errorOf(
      caller.tenants.updateSettings({
        tenantRef: 'berlin',
        maxMemories: 20,
        maxFactChars: 240,
        expectedUpdatedAt: current.updatedAt,
      }),
    );
    expect(stale.code).toBe('CONFLICT');
  });

  it.each([
    { field: 'maxMemories', value: 0, limit: 'at least 1' },
    { field: 'maxMemories', value: 201, limit: 'at most 200' },
    { field: 'maxFactChars', value: 15, limit: 'at least 16' },
    { field: 'maxFactChars', value: 2001, limit: 'at most 2000' },
  ])('refuses $field = $value naming the limit', async ({ field, value, limit }) => {
    const input = { tenantRef: 'berlin', maxMemories: 20, maxFactChars: 240, [field]: value };
    const error = await errorOf((await db.callerAs(BOB)).tenants.updateSettings(input));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(`${field} must be ${limit}`);
  });

  it.each([
    { who: BOB, tenantRef: 'hamburg', code: 'NOT_FOUND' },
    { who: BOB, tenantRef: 'nowhere', code: 'NOT_FOUND' },
    { who: ALICE, tenantRef: 'berlin', code: 'FORBIDDEN' },
    { who: OLGA, tenantRef: 'berlin', code: 'FORBIDDEN' },
    { who: HANA, tenantRef: 'hamburg', code: 'FORBIDDEN' },
  ])('$who on $tenantRef → $code, nothing changed', async ({ who, tenantRef, code }) => {
    const caller = await db.callerAs(who);
    expect((await errorOf(caller.tenants.settings({ tenantRef }))).code).toBe(code);
    const update = await errorOf(caller.tenants.updateSettings({ tenantRef, maxMemories: 1, maxFactChars: 16 }));
    expect(update.code).toBe(code);
    expect((await db.prisma.tenant.findUniqueOrThrow({ where: { ref: 'hamburg' } })).maxMemories).toBe(5);
  });

  it('lets a global administrator change another tenant', async () => {
    const caller = await db.callerAs(GINA);
    await expect(caller.tenants.settings({ tenantRef: 'hamburg' })).resolves.toMatchObject({ maxMemories: 5 });
  });
});

describe('tenants.forecastBudget', () => {
  it('says how many people would lose always-on policies with a lower budget', async () => {
    const caller = await db.callerAs(BOB);
    const berlin = await db.prisma.user.count({ where: { tenantRef: 'berlin', disabled: false, system: false } });
    // Berlin pins fiscal-year (global) and data-retention (tenant): a budget of 1 drops one for all.
    const lowered = await caller.tenants.forecastBudget({ tenantRef: 'berlin', maxMemories: 1 });
    expect(lowered).toMatchObject({ people: berlin, peopleOver: berlin, peopleOverNow: 0 });
    expect(lowered.groups[0]!.names).toContain('Alice Adler');
    expect((await caller.tenants.forecastBudget({ tenantRef: 'berlin', maxMemories: 2 })).peopleOver).toBe(0);
    expect((await errorOf(caller.tenants.forecastBudget({ tenantRef: 'hamburg', maxMemories: 2 }))).code).toBe('NOT_FOUND');
  });
});
