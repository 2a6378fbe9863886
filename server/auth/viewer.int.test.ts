// The first question of every signed-in request (loadSessionViewer): the session and its person,
// read in one statement on the driver's pool, and the same answers through Prisma's raw queries.
// The session rules themselves are tested from outside in server/api/routers/account.int.test.ts.
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../domain';
import type { PrismaClient } from '../db/generated/client';
import { readRunnerOf } from '../db/open-database';
import { revokeSession } from '../services/account/revoke-session';
import { serviceContext, type ServiceContext } from '../services/context';
import { recordingRunner } from '../testing/recording-runner';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { loadSessionViewer, loadViewer } from './viewer';

const db = useSeededDatabase();

/** Prisma's raw queries, and on PostgreSQL the driver's pool recording what it runs. */
function contexts(statements: string[], now = SEED_NOW): ServiceContext<PrismaClient>[] {
  const pool = readRunnerOf(db);
  return [
    serviceContext(db.prisma, { now: () => now }),
    ...(pool ? [serviceContext(db.prisma, { now: () => now, sql: recordingRunner(pool, statements) })] : []),
  ];
}

describe('loadSessionViewer', () => {
  it.each(['alice@example.com', 'olga@example.com', 'hana@example.com'])(
    'gives %s’s viewer with the session, read in one statement',
    async (email) => {
      const session = await db.sessionOf(email);
      const expected = { ...(await loadViewer(db.prisma, session.userId)), sessionId: session.sessionId };
      const statements: string[] = [];
      for (const ctx of contexts(statements)) {
        expect(await loadSessionViewer(ctx, session)).toEqual(expected);
      }
      if (readRunnerOf(db)) expect(statements).toHaveLength(1);
    },
  );

  it('gives nobody for an unknown session, someone else’s, an ended one, an idle one or a disabled person', async () => {
    const alice = await db.sessionOf('alice@example.com');
    const bobs = await db.sessionOf('bob@example.com');
    const ended = await db.sessionOf('alice@example.com');
    await revokeSession({ ctx: db.ctx, input: { sessionId: ended.sessionId } });
    const gina = await db.sessionOf('gina@example.com');
    await db.prisma.user.update({ where: { id: gina.userId }, data: { disabled: true } });
    const refused = [{ ...alice, sessionId: 'ses_unknown' }, { userId: alice.userId, sessionId: bobs.sessionId }, ended, gina];
    for (const ctx of contexts([])) {
      for (const identity of refused) expect(await loadSessionViewer(ctx, identity)).toBeNull();
    }
    for (const ctx of contexts([], new Date(SEED_NOW.getTime() + SESSION_IDLE_MS))) {
      expect(await loadSessionViewer(ctx, alice)).toBeNull();
    }
    // Each refusal was the session's, not the pool's: the same sessions of people still allowed work.
    for (const ctx of contexts([])) expect(await loadSessionViewer(ctx, bobs)).toMatchObject({ email: 'bob@example.com' });
  });
});
