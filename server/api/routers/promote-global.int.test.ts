// Publishing for everyone and for another organisation as a global administrator, and sudo mode
// (docs/features.md "Publishing the assistant's conclusions", docs/operations.md "Sessions"):
// publishing for everyone asks for the password again once the sign-in is over ten minutes old;
// removing the assistant's own copies behind a fact does not.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors/domain-error';
import { concludeFor, conclusionIds } from '../../testing/promotion';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { createCaller } from '../root';
import { createContextInner } from '../trpc';

const db = useSeededDatabase();
const MINUTE = 60_000;

/** A caller whose session began at SEED_NOW, asking `minutes` later. */
async function callerAfter(email: string, minutes: number) {
  const now = () => new Date(SEED_NOW.getTime() + minutes * MINUTE);
  return createCaller(createContextInner({ session: await db.sessionOf(email), db: db.prisma, deps: { now } }));
}

function reasonOf(error: { cause?: unknown }) {
  return error.cause instanceof DomainError ? error.cause.details.reason : undefined;
}

describe('gina, global administrator', () => {
  it('publishes for everyone from a Hamburg conclusion, right after signing in', async () => {
    const sourceIds = await conclusionIds(db, 'shift', ['h1']);
    const published = await (
      await callerAfter('gina@example.com', 0)
    ).review.promote({
      key: 'shift',
      text: 'Shifts are planned a week ahead.',
      targetScope: 'global',
      sourceIds,
    });
    expect(published).toMatchObject({ scope: 'global', version: 1 });
    const stored = await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: published.id } });
    expect(stored).toMatchObject({ author: 'human', tenantRef: null, promotedFromId: sourceIds[0] });
  });

  it('publishes for Hamburg, which she does not belong to', async () => {
    const sourceIds = await conclusionIds(db, 'shift', ['h1', 'h2']);
    const published = await (
      await callerAfter('gina@example.com', 0)
    ).review.promote({
      key: 'shift',
      text: 'Shifts rotate weekly.',
      targetScope: 'tenant:hamburg',
      sourceIds,
    });
    expect(published).toMatchObject({ scope: 'tenant:hamburg', version: 1 });
    const options = await (await callerAfter('gina@example.com', 0)).review.promotionOptions({ key: 'shift', tenantRef: 'hamburg' });
    expect(options.targets.map((target) => [target.scope, target.current?.text ?? null])).toEqual([
      ['tenant:hamburg', 'Shifts rotate weekly.'],
      ['depot:hh', null],
      ['global', 'Shifts are planned a week ahead.'],
    ]);
  });

  it('asks for the password again for everyone after ten minutes, and changes nothing until given', async () => {
    const sourceIds = await concludeFor(db, 'sudo-global', ['u4'], 'Prefers stand-up meetings.');
    const input = { key: 'sudo-global', text: 'Stand-ups are short.', targetScope: 'global', sourceIds };
    const caller = await callerAfter('gina@example.com', 11);
    const error = await errorOf(caller.review.promote(input));
    expect([error.code, reasonOf(error)]).toEqual(['FORBIDDEN', 'REAUTH_REQUIRED']);
    expect(await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'global', key: 'sudo-global' } } })).toBeNull();
    expect(await caller.review.promote({ ...input, password: 'demo' })).toMatchObject({ version: 1 });
  });
});

describe('bob, after ten minutes', () => {
  it('removes the assistant’s own copies behind the fact without asking for the password, and the audit row names each', async () => {
    const sourceIds = await concludeFor(db, 'sudo-retire', ['u4', 'u5'], 'Likes quiet rooms.');
    const caller = await callerAfter('bob@example.com', 11);
    const input = { key: 'sudo-retire', text: 'Quiet rooms are on floor 2.', targetScope: 'tenant:berlin', sourceIds, retireSources: true };
    const published = await caller.review.promote(input);
    expect(published).toMatchObject({ version: 1, retiredSourceIds: sourceIds });
    expect(await db.prisma.agentMemory.count({ where: { id: { in: sourceIds } } })).toBe(0);
    // What the people themselves stated is never among them: only the assistant's conclusions are removed.
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: 'memory.promoted', memoryId: published.id } });
    expect(audit.after).toMatchObject({ sourceIds, retiredSourceIds: sourceIds });
  });

  it('is refused for everyone before being asked for a password', async () => {
    const sourceIds = await conclusionIds(db, 'timezone', ['u6']);
    const error = await errorOf(
      (await callerAfter('bob@example.com', 11)).review.promote({
        key: 'timezone',
        text: 'Berlin time.',
        targetScope: 'global',
        sourceIds,
      }),
    );
    expect([error.code, reasonOf(error)]).toEqual(['FORBIDDEN', 'NEEDS_GLOBAL_GRANT']);
  });
});
