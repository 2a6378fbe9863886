// The expiry job: rows past their date move to `expired` (the derived counts follow), rows expired
// 30 days ago are deleted, each audited as the system's for what people and administrators wrote,
// a person's own notes without key or text.
import { describe, expect, it } from 'vitest';
import { serviceContext } from '../context';
import { jobHandlers } from '../../jobs/job-handlers';
import { SWEEP_EXPIRED_MEMORIES_JOB } from '../jobs/schedule-recurring-jobs';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { sweepExpiredMemories } from './sweep-expired-memories';

const db = useSeededDatabase();
const DAY = 86_400_000;
const at = (ms: number) => new Date(SEED_NOW.getTime() + ms);
const ctxAt = (now: Date) => serviceContext(db.prisma, { now: () => now });
const row = (scope: string, key: string) => db.prisma.agentMemory.findUnique({ where: { scope_key: { scope, key } } });

describe('the expiry job', () => {
  it('moves expired rows, then deletes them 30 days later, auditing both for what people wrote', async () => {
    await db.prisma.agentMemory.update({
      where: { scope_key: { scope: 'tenant:berlin', key: 'expense-limit' } },
      data: { expiresAt: at(1000) },
    });
    await db.prisma.agentMemory.update({ where: { scope_key: { scope: 'actor:u1', key: 'team' } }, data: { expiresAt: at(1000) } });
    await db.prisma.agentMemory.update({ where: { scope_key: { scope: 'actor:u1', key: 'hotel' } }, data: { expiresAt: at(1000) } });
    await db.prisma.agentMemory.update({
      where: { scope_key: { scope: 'actor:u1', key: 'meeting-length' } },
      data: { expiresAt: at(DAY) },
    });
    const generation = async () =>
      (await db.prisma.$queryRaw<{ generation: bigint }[]>`SELECT "generation" FROM "scope_generation" WHERE "scope" = 'tenant:berlin'`)[0]
        ?.generation ?? 0n;
    const before = await generation();

    expect(await sweepExpiredMemories({ ctx: ctxAt(SEED_NOW) })).toEqual({ expired: 0, deleted: 0 });
    expect(await sweepExpiredMemories({ ctx: ctxAt(at(2000)) })).toEqual({ expired: 3, deleted: 0 });
    expect(await row('tenant:berlin', 'expense-limit')).toMatchObject({ state: 'expired', expiredAt: at(2000) });
    expect(await row('actor:u1', 'meeting-length')).toMatchObject({ state: 'active' });
    expect(await generation()).toBe(before + 1n);

    const expiredAudit = await db.prisma.auditEvent.findMany({ where: { action: 'memory.expired' }, orderBy: { seq: 'asc' } });
    // The assistant's conclusion (hotel) is not audited; Alice's own note keeps no key or text.
    expect(expiredAudit.map((event) => [event.scope, event.key, event.userId])).toEqual(
      expect.arrayContaining([
        ['tenant:berlin', 'expense-limit', null],
        ['actor:u1', null, null],
      ]),
    );
    expect(expiredAudit).toHaveLength(2);
    expect(JSON.stringify(expiredAudit.find((event) => event.scope === 'actor:u1'))).not.toContain('finance');

    expect(await sweepExpiredMemories({ ctx: ctxAt(at(2000 + 30 * DAY - 1)) })).toEqual({ expired: 1, deleted: 0 });
    expect(await sweepExpiredMemories({ ctx: ctxAt(at(2000 + 30 * DAY)) })).toEqual({ expired: 0, deleted: 3 });
    expect(await row('tenant:berlin', 'expense-limit')).toBeNull();
    expect(await row('actor:u1', 'team')).toBeNull();
    expect(await db.prisma.auditEvent.count({ where: { action: 'memory.expired-deleted' } })).toBe(2);
  });

  it('is a recurring job the runner knows', async () => {
    const handler = jobHandlers({ RUNTIME_EVENT_RETENTION_DAYS: 30, ALERT_QUIET_MINUTES: 60 })[SWEEP_EXPIRED_MEMORIES_JOB];
    expect(handler).toBeTypeOf('function');
    await db.prisma.agentMemory.update({ where: { scope_key: { scope: 'global', key: 'units' } }, data: { expiresAt: at(1000) } });
    await handler!(ctxAt(at(5000)), undefined as never);
    expect(await row('global', 'units')).toMatchObject({ state: 'expired' });
  });
});
