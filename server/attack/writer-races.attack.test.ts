// Pairs of writers that touch the same rows, raced through tRPC as separate requests on a real
// database (docs/architecture.md "Locks and retries"). Each pair once took its locks in opposite
// orders — one appended its audit row (the chain's advisory lock) before locking a record, the
// other locked the record first — and PostgreSQL broke the deadlock by failing one of them with a
// 500. Every answer must now be one a person can act on (2xx, 404, 409; 401 for a person disabled
// meanwhile), and the audit log must verify afterwards. PGlite runs one transaction at a time, so
// only the PostgreSQL project really races; both must pass.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { verifyAuditLog } from '../services/audit/verify-audit-log';
import { WRITER_INACTIVE } from '../services/run-transaction';
import { createUser } from '../services/users/create-user';
import { saveAs } from '../testing/audit-fixtures';
import { ALICE, BOB } from '../testing/demo-people';
import { concludeFor } from '../testing/promotion';
import { useSeededDatabase } from '../testing/seeded-database';
import { testBackend } from '../testing/test-database';

const db = useSeededDatabase();

const BERLIN = 'tenant:berlin';
/** Rounds of each race, and races at once per round: a few times the ten connections of PostgreSQL's pool. */
const ROUNDS = 6;
const AT_ONCE = 8;

interface Outcome {
  status: number;
  /** What a 5xx was, so a failure shows the database's error rather than a bare number. */
  cause?: string;
}

async function outcomeOf(call: Promise<unknown>): Promise<Outcome> {
  try {
    await call;
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof TRPCError)) return { status: 500, cause: String(error) };
    const status = getHTTPStatusCodeFromError(error);
    return status >= 500
      ? { status, cause: String(error.cause ?? error) }
      : { status, cause: (error.cause as { details?: { reason?: string } } | undefined)?.details?.reason };
  }
}

/** Every outcome's status is one of `allowed`; the rest are listed with their causes. */
function expectOnly(outcomes: Outcome[], allowed: number[]) {
  expect(outcomes.filter((outcome) => !allowed.includes(outcome.status))).toEqual([]);
}

async function expectAuditVerifies() {
  expect((await verifyAuditLog({ ctx: db.ctx })).breaks).toEqual([]);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * The two calls of race `i`, the second started 0–6 ms after the first: on PostgreSQL that moves
 * which of them commits first from race to race, and with it the outcome.
 */
function pairOf(i: number, first: () => Promise<unknown>, second: () => Promise<unknown>): Promise<Outcome>[] {
  return [outcomeOf(first()), delay((i % 4) * 2).then(() => outcomeOf(second()))];
}

describe('writers that touch the same rows, at once', () => {
  it('review.promote against memories.forget of its conclusion: 2xx or 404, never 500', async () => {
    const [bob, alice] = await Promise.all([db.callerAs(BOB), db.callerAs(ALICE)]);
    const outcomes: Outcome[] = [];
    for (const round of range(ROUNDS)) {
      const keys = range(AT_ONCE).map((i) => `race-pf-${round}-${i}`);
      const sources = await Promise.all(keys.map((key) => concludeFor(db, key, ['u1'], 'Reads the news at seven.')));
      const races = keys.flatMap((key, i) =>
        pairOf(
          i,
          () =>
            bob.review.promote({ key, text: 'Reads the news at seven.', targetScope: BERLIN, sourceIds: sources[i]!, expectedVersion: 0 }),
          () => alice.memories.forget({ id: sources[i]![0]! }),
        ),
      );
      outcomes.push(...(await Promise.all(races)));
    }
    expectOnly(outcomes, [200, 404]);
    await expectAuditVerifies();
  }, 120_000);

  it('review.promote against memories.keepMine of its conclusion: 2xx or 409, never 500', async () => {
    const [bob, alice] = await Promise.all([db.callerAs(BOB), db.callerAs(ALICE)]);
    const outcomes: Outcome[] = [];
    for (const round of range(ROUNDS)) {
      const keys = range(AT_ONCE).map((i) => `race-pk-${round}-${i}`);
      const sources = await Promise.all(keys.map((key) => concludeFor(db, key, ['u1'], 'Walks to work.')));
      const races = keys.flatMap((key, i) =>
        pairOf(
          i,
          () => bob.review.promote({ key, text: 'Walks to work.', targetScope: BERLIN, sourceIds: sources[i]!, expectedVersion: 0 }),
          () => alice.memories.keepMine({ id: sources[i]![0]!, expectedVersion: 1 }),
        ),
      );
      outcomes.push(...(await Promise.all(races)));
    }
    expectOnly(outcomes, [200, 409]);
    await expectAuditVerifies();
  }, 120_000);

  it('facts.delete against audit.undo of the same fact: 2xx or 409, never 500', async () => {
    const [deleter, undoer] = await Promise.all([db.callerAs(BOB), db.callerAs(BOB)]);
    const outcomes: Outcome[] = [];
    for (const round of range(ROUNDS)) {
      const keys = range(AT_ONCE).map((i) => `race-du-${round}-${i}`);
      const edits = await Promise.all(
        keys.map(async (key) => {
          await saveAs(db, BOB, BERLIN, key, 'First version.');
          const edited = await saveAs(db, BOB, BERLIN, key, 'Second version.');
          const audit = await db.prisma.auditEvent.findFirstOrThrow({
            where: { memoryId: edited.id, action: 'memory.saved' },
            orderBy: { seq: 'desc' },
          });
          return { id: edited.id, auditId: audit.id };
        }),
      );
      const races = edits.flatMap(({ id, auditId }, i) =>
        pairOf(
          i,
          () => deleter.facts.delete({ id, expectedVersion: 2 }),
          () => undoer.audit.undo({ id: auditId }),
        ),
      );
      outcomes.push(...(await Promise.all(races)));
    }
    expectOnly(outcomes, [200, 409]);
    await expectAuditVerifies();
  }, 120_000);

  /** How long after the person's first save each round's disable starts: while the others are under way. */
  const DISABLE_AFTER_MS = [0, 2, 4, 8, 12, 20];

  it('people.disable against the person’s own saves: none of theirs commits after the disable', async () => {
    const bob = await db.callerAs(BOB);
    for (const round of range(ROUNDS)) {
      const email = `race-disable-${round}@people.test`;
      const person = await createUser({
        ctx: db.ctx,
        input: { email, name: `Racer ${round}`, actorRef: `race-disable-${round}`, tenantRef: 'berlin' },
      });
      const them = await db.callerAs(email);
      const saves = range(AT_ONCE * 2).map(async (i) => {
        await delay(i * 2);
        return outcomeOf(them.memories.save({ key: `race-ds-${i}`, text: `Statement ${i}.` }));
      });
      const disable = saves[0]!
        .then(() => delay(DISABLE_AFTER_MS[round]!))
        .then(() => outcomeOf(bob.people.disable({ userId: person.id })));
      const [disabled, ...saved] = await Promise.all([disable, ...saves]);
      expect(disabled).toEqual({ status: 200 });
      // 401: the request came after the disable, or its write waited for it and was refused.
      expectOnly(saved, [200, 401]);

      const rows = await db.prisma.auditEvent.findMany({
        where: { OR: [{ userId: person.id }, { action: 'person.disabled', subjectUserId: person.id }] },
        orderBy: { seq: 'asc' },
        select: { action: true, chain: true },
      });
      // One chain (Berlin's), so seq orders them: the disable is the last row of theirs.
      expect(new Set(rows.map((row) => row.chain))).toEqual(new Set(['tenant:berlin']));
      expect(rows.at(-1)?.action).toBe('person.disabled');
      const committed = saved.filter((outcome) => outcome.status === 200).length;
      expect(rows.filter((row) => row.action === 'memory.saved')).toHaveLength(committed);
      expect(await db.prisma.agentMemory.count({ where: { scope: `actor:race-disable-${round}` } })).toBe(committed);
    }
    await expectAuditVerifies();
  }, 120_000);

  // The moment the race above is about, made to happen every time: the save has passed its sign-in
  // check and waits for the person's row, which a disable holds. PGlite runs one transaction at a
  // time, so nothing can hold the row while the save waits there.
  it.runIf(testBackend() === 'postgres')('a save waiting while its author is disabled is refused (401) and leaves nothing', async () => {
    const email = 'in-flight@people.test';
    const person = await createUser({ ctx: db.ctx, input: { email, name: 'In Flight', actorRef: 'in-flight', tenantRef: 'berlin' } });
    const them = await db.callerAs(email);
    let save: Promise<Outcome> | undefined;
    await db.pool.transaction(async (sql) => {
      // What disabling takes first (disable-person.ts), then what it changes.
      await sql.query('SELECT "id" FROM "user" WHERE "id" = $1 FOR NO KEY UPDATE', [person.id]);
      save = outcomeOf(them.memories.save({ key: 'in-flight', text: 'Under way.' }));
      await waitForLockWait();
      await sql.query('UPDATE "user" SET "disabled" = true WHERE "id" = $1', [person.id]);
    });
    expect(await save).toEqual({ status: 401, cause: WRITER_INACTIVE });
    expect(await db.prisma.agentMemory.count({ where: { scope: 'actor:in-flight' } })).toBe(0);
    expect(await db.prisma.auditEvent.count({ where: { userId: person.id } })).toBe(0);
  });
});

/** Until some statement of this database waits for a lock (for at most 5 s: then the test fails on what follows). */
async function waitForLockWait() {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const [row] = await db.prisma.$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS "waiting" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`;
    if (row!.waiting > 0) return;
    await delay(20);
  }
}
