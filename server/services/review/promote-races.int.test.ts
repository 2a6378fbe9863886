// Promotions of one key racing each other (docs/features.md "Publishing the assistant's
// conclusions"): with the same expectedVersion exactly one wins and every other answers 409, also
// when each retires the same conclusions. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is
// set.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { concludeFor } from '../../testing/promotion';
import { useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();

const BOB = 'bob@example.com';

type Outcome = { ok: true; version: number; text: string } | { ok: false; code: TRPCError['code']; message: string };

async function outcome(promise: Promise<{ version: number; text: string }>): Promise<Outcome> {
  try {
    const { version, text } = await promise;
    return { ok: true, version, text };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { ok: false, code: error.code, message: error.message };
  }
}

async function race(key: string, sourceIds: string[], expectedVersion: number, retireSources: boolean, n: number) {
  const callers = await Promise.all(Array.from({ length: n }, () => db.callerAs(BOB)));
  return Promise.all(
    callers.map((caller, i) =>
      outcome(
        caller.review.promote({
          key,
          text: `Published by request ${i}.`,
          targetScope: 'tenant:berlin',
          sourceIds,
          retireSources,
          expectedVersion,
        }),
      ),
    ),
  );
}

function expectOneWinner(outcomes: Outcome[], version: number) {
  const wins = outcomes.filter((o) => o.ok);
  const losses = outcomes.filter((o) => !o.ok);
  expect(wins).toHaveLength(1);
  expect(wins[0]).toMatchObject({ version });
  expect(losses.map((o) => o.code)).toEqual(losses.map(() => 'CONFLICT'));
  for (const loss of losses) expect(loss.message).not.toMatch(/prisma|P20\d\d|constraint|sql/i);
  return wins[0] as Extract<Outcome, { ok: true }>;
}

async function promotedRows(key: string) {
  const stored = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'tenant:berlin', key } } });
  const audits = await db.prisma.auditEvent.count({ where: { memoryId: stored.id, action: 'memory.promoted' } });
  return { stored, audits };
}

describe('promotions of one key at once', () => {
  it('with the same expectedVersion: exactly one wins each round, the others are 409', async () => {
    const sourceIds = await concludeFor(db, 'race-promote', ['u4', 'u5', 'u6'], 'Likes a standing desk.');
    for (const [round, expectedVersion] of [0, 1, 2].entries()) {
      const winner = expectOneWinner(await race('race-promote', sourceIds, expectedVersion, false, 6), expectedVersion + 1);
      const { stored, audits } = await promotedRows('race-promote');
      expect(stored).toMatchObject({ version: expectedVersion + 1, text: winner.text, author: 'human' });
      expect(audits).toBe(round + 1);
    }
  });

  it('retiring the same conclusions: the loser is a 409, not a missing source, and retires nothing twice', async () => {
    const sourceIds = await concludeFor(db, 'race-retire', ['u4', 'u5'], 'Cycles to work.');
    expectOneWinner(await race('race-retire', sourceIds, 0, true, 2), 1);
    expect(await db.prisma.agentMemory.count({ where: { id: { in: sourceIds } } })).toBe(0);
    expect((await promotedRows('race-retire')).audits).toBe(1);
  });
});
