// The one transaction runner (run-transaction.ts) on a real database: the order of its locks (the
// writer's row first, the audit chain's lock last), the refusal of a disabled writer, and starting
// over after a deadlock — one made on purpose, on PostgreSQL, with raw statements (P2010), the
// kind that once answered 500.
import { describe, expect, it } from 'vitest';
import { Prisma } from '../db/generated/client';
import { DomainError } from '../errors/domain-error';
import { auditEntry } from '../testing/audit-fixtures';
import { BOB } from '../testing/demo-people';
import { useSeededDatabase } from '../testing/seeded-database';
import { testBackend } from '../testing/test-database';
import { recordAudit } from './audit/record-audit';
import { verifyAuditLog } from './audit/verify-audit-log';
import type { TransactionContext } from './context';
import { runTransaction, WRITER_INACTIVE } from './run-transaction';

const db = useSeededDatabase();
const onPostgres = testBackend() === 'postgres';

function run<T>(work: (ctx: TransactionContext) => Promise<T>, writer: string | null = null) {
  return runTransaction({ ctx: db.ctx, input: { writer, work } });
}

/** The advisory locks this transaction's connection holds. */
async function advisoryLocksHeld(ctx: TransactionContext): Promise<number> {
  const [row] = await ctx.db.$queryRaw<{ held: number }[]>`
    SELECT count(*)::int AS "held" FROM pg_locks WHERE "locktype" = 'advisory' AND "pid" = pg_backend_pid()`;
  return row!.held;
}

describe('runTransaction', () => {
  it('appends the audit rows after the work, as its last statements: no chain lock is held while the work runs', async () => {
    const rowsBefore = await db.prisma.auditEvent.count({ where: { chain: 'tenant:berlin' } });
    const during = await run(async (ctx) => {
      recordAudit({ ctx, input: auditEntry('berlin', 1) });
      recordAudit({ ctx, input: auditEntry('berlin', 2) });
      // Recorded, not yet written: the work can still lock rows without holding the chain.
      return { locks: await advisoryLocksHeld(ctx), rows: await ctx.db.auditEvent.count({ where: { chain: 'tenant:berlin' } }) };
    });
    expect(during).toEqual({ locks: 0, rows: rowsBefore });
    const appended = await db.prisma.auditEvent.findMany({ where: { chain: 'tenant:berlin' }, orderBy: { seq: 'desc' }, take: 2 });
    expect(appended.map((row) => row.memoryId)).toEqual(['mem_2', 'mem_1']);
    expect((await verifyAuditLog({ ctx: db.ctx })).breaks).toEqual([]);
  });

  it('writes no audit row when the work fails', async () => {
    const rowsBefore = await db.prisma.auditEvent.count();
    const failure = run(async (ctx) => {
      recordAudit({ ctx, input: auditEntry('berlin', 3) });
      throw new DomainError('CONFLICT', 'changed meanwhile');
    });
    await expect(failure).rejects.toThrow('changed meanwhile');
    expect(await db.prisma.auditEvent.count()).toBe(rowsBefore);
  });

  it('refuses a disabled writer before the work runs (401), and runs for an enabled one', async () => {
    const bob = await db.userId(BOB);
    await expect(run(() => Promise.resolve('ran'), bob)).resolves.toBe('ran');
    const person = await db.prisma.user.create({
      data: {
        id: db.ctx.newId('usr'),
        email: 'disabled-writer@people.test',
        name: 'Off',
        actorRef: 'disabled-writer',
        tenantRef: 'berlin',
        disabled: true,
      },
    });
    let ran = false;
    const refused = await run(() => {
      ran = true;
      return Promise.resolve();
    }, person.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED', details: { reason: WRITER_INACTIVE } });
    expect(ran).toBe(false);
  });

  it.runIf(onPostgres)('holds the writer’s row for the whole transaction: disabling them has to wait', async () => {
    const bob = await db.userId(BOB);
    const tried = await run(async () => {
      // Another connection, as a disable would lock the row; NOWAIT answers at once instead of waiting.
      const attempt = db.pool.query('SELECT "id" FROM "user" WHERE "id" = $1 FOR NO KEY UPDATE NOWAIT', [bob]);
      return attempt.then(
        () => 'locked it',
        (error: { code?: string }) => error.code,
      );
    }, bob);
    expect(tried).toBe('55P03'); // lock_not_available
  });

  it('starts over when the database aborts it for a conflict, and answers CONFLICT when it keeps losing', async () => {
    let attempts = 0;
    const conflict = new Prisma.PrismaClientKnownRequestError('write conflict', { code: 'P2034', clientVersion: 'test' });
    const outcome = await run(async () => {
      attempts += 1;
      if (attempts < 3) throw conflict;
      return 'third time';
    });
    expect([outcome, attempts]).toEqual(['third time', 3]);

    attempts = 0;
    const lost = await run(async () => {
      attempts += 1;
      throw conflict;
    }).catch((error: unknown) => error);
    expect(lost).toMatchObject({ code: 'CONFLICT' });
    expect((lost as Error).message).not.toMatch(/prisma|P20\d\d/i);
    expect(attempts).toBe(4);
  });

  it.runIf(onPostgres)('resolves a real deadlock between raw statements (P2010, 40P01): both transactions commit', async () => {
    // Each locks one tenant row, waits until the other has locked the other one, then asks for it.
    const attempts = { a: 0, b: 0 };
    let arrived = 0;
    let bothThere: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (bothThere = resolve));
    const lockBoth = (name: 'a' | 'b', first: string, second: string) =>
      run(async (ctx) => {
        attempts[name] += 1;
        await ctx.db.$queryRaw`SELECT "ref" FROM "tenant" WHERE "ref" = ${first} FOR UPDATE`;
        if (attempts[name] === 1) {
          arrived += 1;
          if (arrived === 2) bothThere();
          await barrier;
        }
        await ctx.db.$queryRaw`SELECT "ref" FROM "tenant" WHERE "ref" = ${second} FOR UPDATE`;
        return name;
      });
    expect(await Promise.all([lockBoth('a', 'berlin', 'hamburg'), lockBoth('b', 'hamburg', 'berlin')])).toEqual(['a', 'b']);
    // PostgreSQL aborted one of them once; it started over and committed after the other.
    expect(attempts.a + attempts.b).toBe(3);
  });
});
