// The rows of My memories from outside (createCaller, as the browser's end user): a save without a
// key (derived on the server, never replacing a memory the person holds), "keep mine" on the
// assistant's guess (every persona, the version check, a race with the assistant), the shared
// topics the add form offers, and the per-row status and scope labels of the list. PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { deriveMemoryKey } from '../../domain/memory-key';
import { DomainError } from '../../errors/domain-error';
import type { IdPrefix } from '../../ids';
import { writeMemory } from '../../services/memories/write-memory';
import { agentWriter } from '../../services/memories/writer';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { ALICE, BOB, CARLA, GINA, HANA, OLGA } from '../../testing/demo-people';
import { repositoryRoot } from '../../testing/npm-script';
import { errorOf } from '../../testing/trpc-error';
import { createCaller } from '../root';
import { createContextInner } from '../trpc';
import { carriedLines } from '../../testing/carried-lines';

const db = useSeededDatabase();

function details(error: TRPCError) {
  if (!(error.cause instanceof DomainError)) throw new Error(`expected a DomainError cause, got ${String(error.cause)}`);
  return error.cause.details;
}

async function own(actorRef: string, key: string) {
  return db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: `actor:${actorRef}`, key } } });
}

/** An agent conclusion at a person's own scope, written the way the runtime writes it. */
async function conclude(actorRef: string, key: string, text: string) {
  const user = await db.prisma.user.findFirstOrThrow({ where: { actorRef } });
  const scopes = [`actor:${actorRef}`, `tenant:${user.tenantRef}`, 'global'];
  return writeMemory({ ctx: db.ctx, input: { writer: agentWriter({ actorRef, scopes }), scope: `actor:${actorRef}`, key, text } });
}

async function callerWithBrokenAudit(email: string) {
  const newId = (prefix: IdPrefix) => {
    if (prefix === 'aud') throw new Error('audit log unavailable');
    return db.ctx.newId(prefix);
  };
  return createCaller(createContextInner({ session: await db.sessionOf(email), db: db.prisma, deps: { now: db.ctx.now, newId } }));
}

describe('memories.save without a key', () => {
  it('derives the key on the server with the same function the form previews, and audits the save', async () => {
    const text = 'I prefer aisle seats on long flights.';
    const saved = await (await db.callerAs(CARLA)).memories.save({ text });

    expect(saved.key).toBe(deriveMemoryKey(text));
    expect(saved).toMatchObject({ text, version: 1, updatedAt: SEED_NOW });
    const row = await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row).toMatchObject({ author: 'human', key: saved.key });
    expect(await db.prisma.auditEvent.count({ where: { memoryId: saved.id, action: 'memory.saved' } })).toBe(1);
  });

  it('refuses to replace a memory the person holds under the derived key, naming it and a free alternative', async () => {
    const caller = await db.callerAs(ALICE);
    // Alice stated "I work in the finance team." under `team`.
    const before = await own('u1', 'team');
    expect(before).not.toBeNull();
    const auditsBefore = await db.prisma.auditEvent.count();

    // "Team!" derives exactly `team`.
    expect(deriveMemoryKey('Team!')).toBe('team');
    const collision = await errorOf(caller.memories.save({ text: 'Team!' }));

    expect(collision.code).toBe('CONFLICT');
    expect(collision.message).toMatch(/already have a memory under "team"/);
    expect(details(collision)).toMatchObject({
      reason: 'KEY_TAKEN',
      key: 'team',
      alternative: 'team-2',
      current: { key: 'team', text: before!.text, version: before!.version },
    });
    expect(await own('u1', 'team')).toEqual(before);
    expect(await own('u1', 'team-2')).toBeNull();
    expect(await db.prisma.auditEvent.count()).toBe(auditsBefore);
  });

  it('keeps both when asked: the new memory under the alternative, the old one untouched', async () => {
    const caller = await db.callerAs(ALICE);
    const before = await own('u1', 'team');
    const saved = await caller.memories.save({ text: 'Team!', onKeyTaken: 'keepBoth' });
    expect(saved).toMatchObject({ key: 'team-2', text: 'Team!', version: 1 });
    expect(await own('u1', 'team')).toEqual(before);
    const again = await caller.memories.save({ text: 'Team?', onKeyTaken: 'keepBoth' });
    expect(again.key).toBe('team-3');
  });

  it('does not treat a shared memory under the derived key as a collision: the person’s memory overrides it', async () => {
    const saved = await (await db.callerAs(HANA)).memories.save({ text: 'Fiscal year' });
    expect(saved.key).toBe('fiscal-year');
    const entry = (await (await db.callerAs(HANA)).memories.list({ query: 'fiscal-year' })).memories.find(
      (memory) => memory.key === 'fiscal-year',
    );
    expect(entry).toMatchObject({ mine: true, author: 'human', text: 'Fiscal year' });
    expect(entry!.overrides.map((override) => override.scope)).toEqual(['global']);
    await (await db.callerAs(HANA)).memories.forget({ id: saved.id });
  });

  it('answers a text that cannot be stored with the field error, whatever the key would be', async () => {
    const error = await errorOf((await db.callerAs(ALICE)).memories.save({ text: 'x'.repeat(241) }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(details(error).fieldErrors).toEqual([expect.objectContaining({ field: 'text', reason: 'too-long', limit: 240, got: 241 })]);
  });

  it('answers UNAUTHORIZED without a session', async () => {
    expect((await errorOf((await db.callerAs(null)).memories.save({ text: 'Hello there' }))).code).toBe('UNAUTHORIZED');
  });
});

describe('memories.keepMine', () => {
  it('the migration that added the mark backfills it from the audit: kept and not saved since', async () => {
    const caller = await db.callerAs(ALICE);
    const kept = await conclude('u1', 'keep-backfill-a', 'They cycle to work.');
    const resaved = await conclude('u1', 'keep-backfill-b', 'They take the early train.');
    await caller.memories.keepMine({ id: kept.id, expectedVersion: kept.version });
    const adopted = await caller.memories.keepMine({ id: resaved.id, expectedVersion: resaved.version });
    // Saved by her after keeping it: her own words now.
    await caller.memories.save({ key: 'keep-backfill-b', text: 'They take the early train.', expectedVersion: adopted.version });
    // As a database from before the column: no mark anywhere, then the migration's backfill.
    await db.prisma.agentMemory.updateMany({ data: { keptGuessAt: null } });
    const migration = readFileSync(path.join(repositoryRoot, 'prisma/migrations/20261205000400_kept_guess/migration.sql'), 'utf8');
    await db.prisma.$executeRawUnsafe(migration.slice(migration.indexOf('UPDATE')));
    const marked = await db.prisma.agentMemory.findMany({ where: { key: { startsWith: 'keep-backfill-' } }, orderBy: { key: 'asc' } });
    expect(marked.map((row) => [row.key, row.keptGuessAt !== null])).toEqual([
      ['keep-backfill-a', true],
      ['keep-backfill-b', false],
    ]);
  });

  it('makes the assistant’s guess the person’s own statement: same text, authored by them, audited', async () => {
    const guess = await conclude('u1', 'keep-plain', 'They prefer tea.');
    const kept = await (await db.callerAs(ALICE)).memories.keepMine({ id: guess.id, expectedVersion: guess.version });

    expect(kept).toMatchObject({ id: guess.id, text: 'They prefer tea.', author: 'human', version: guess.version + 1 });
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { memoryId: guess.id, action: 'memory.kept' } });
    // The person's own scope: the log records the change, never the key or the text.
    expect(audit).toMatchObject({
      userId: await db.userId(ALICE),
      key: null,
      before: { author: 'agent', version: 1 },
      after: { author: 'human', version: 2 },
    });
  });

  it('decides alice’s fiscal-year: it stays over the value for everyone, now as her own, with its conversation', async () => {
    const caller = await db.callerAs(ALICE);
    const before = (await caller.memories.list({ query: 'fiscal-year' })).memories.find((memory) => memory.key === 'fiscal-year')!;
    expect(before).toMatchObject({ author: 'agent', mine: true });

    await caller.memories.keepMine({ id: before.id, expectedVersion: before.version });

    const after = (await caller.memories.list({ query: 'fiscal-year' })).memories.find((memory) => memory.key === 'fiscal-year')!;
    // Hers now, but worded by the assistant: the row says she confirmed its guess, until she saves it herself.
    expect(after).toMatchObject({ id: before.id, author: 'human', text: before.text, version: before.version + 1, keptGuess: true });
    expect(after.origin.threadId).toBe(before.origin.threadId);
    const row = await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: before.id } });
    expect(row.keptGuessAt).not.toBeNull();
    expect(row.confirmedAt).toBeNull();
    await caller.memories.save({ key: 'fiscal-year', text: before.text, expectedVersion: after.version });
    const saved = (await caller.memories.list({ query: 'fiscal-year' })).memories.find((memory) => memory.key === 'fiscal-year')!;
    expect(saved.keptGuess).toBe(false);
    expect(after.overrides).toEqual(before.overrides);
  });

  it('refuses a version the person did not see with CONFLICT, and changes nothing', async () => {
    const guess = await conclude('u1', 'keep-stale', 'They like trains.');
    await conclude('u1', 'keep-stale', 'They like night trains.');
    const error = await errorOf((await db.callerAs(ALICE)).memories.keepMine({ id: guess.id, expectedVersion: 1 }));
    expect(error.code).toBe('CONFLICT');
    expect(await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: guess.id } })).toMatchObject({
      author: 'agent',
      text: 'They like night trains.',
      version: 2,
    });
    expect(await db.prisma.auditEvent.count({ where: { memoryId: guess.id, action: 'memory.kept' } })).toBe(0);
  });

  it('leaves a memory that is already the person’s own as it is, without an audit row', async () => {
    const caller = await db.callerAs(ALICE);
    const stated = await caller.memories.save({ key: 'keep-own', text: 'I cycle to work.' });
    const kept = await caller.memories.keepMine({ id: stated.id, expectedVersion: stated.version });
    expect(kept).toMatchObject({ id: stated.id, version: stated.version, author: 'human' });
    expect(await db.prisma.auditEvent.count({ where: { memoryId: stated.id, action: 'memory.kept' } })).toBe(0);
  });

  it.each([
    { who: BOB, why: 'an administrator of her organisation', code: 'NOT_FOUND' },
    { who: HANA, why: 'someone in another organisation', code: 'NOT_FOUND' },
    { who: OLGA, why: 'the operator', code: 'NOT_FOUND' },
    { who: GINA, why: 'the global administrator', code: 'NOT_FOUND' },
    { who: null, why: 'nobody signed in', code: 'UNAUTHORIZED' },
  ])('answers $code to $why for alice’s guess, and changes nothing', async ({ who, code }) => {
    const guess = await conclude('u1', `keep-other-${code}-${who ?? 'none'}`.replace(/[^a-z0-9-]/g, '-'), 'They walk a lot.');
    const error = await errorOf((await db.callerAs(who)).memories.keepMine({ id: guess.id, expectedVersion: guess.version }));
    expect(error.code).toBe(code);
    expect(await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: guess.id } })).toMatchObject({ author: 'agent', version: 1 });
  });

  it('answers FORBIDDEN with a reason for a shared memory the person can see', async () => {
    const shared = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'global', key: 'fiscal-year' } } });
    const error = await errorOf((await db.callerAs(ALICE)).memories.keepMine({ id: shared.id, expectedVersion: shared.version }));
    expect(error.code).toBe('FORBIDDEN');
    expect(details(error).reason).toBe('HELD_AT_WIDER_SCOPE');
    expect(error.message).toMatch(/shared with others/);
  });

  it('answers NOT_FOUND to an id that is no memory at all', async () => {
    expect((await errorOf((await db.callerAs(ALICE)).memories.keepMine({ id: 'mem_nope', expectedVersion: 1 }))).code).toBe('NOT_FOUND');
    expect((await errorOf((await db.callerAs(ALICE)).memories.keepMine({ id: 'not an id', expectedVersion: 1 }))).code).toBe('NOT_FOUND');
  });

  it('names the field of bad input instead of failing', async () => {
    const error = await errorOf((await db.callerAs(ALICE)).memories.keepMine({ id: 'mem_x', expectedVersion: 0 }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/expectedVersion must be at least 1/);
  });

  it('commits with its audit row: when the audit cannot be written, the guess stays the assistant’s', async () => {
    const guess = await conclude('u1', 'keep-broken-audit', 'They like maps.');
    const error = await errorOf((await callerWithBrokenAudit(ALICE)).memories.keepMine({ id: guess.id, expectedVersion: 1 }));
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: guess.id } })).toMatchObject({ author: 'agent', version: 1 });
  });

  it('races the assistant changing the guess: exactly one wins, the other is a CONFLICT, nothing is lost', async () => {
    for (let round = 0; round < 8; round += 1) {
      const guess = await conclude('u1', `keep-race-${round}`, 'They start at eight.');
      const caller = await db.callerAs(ALICE);
      const [keep, change] = await Promise.allSettled([
        caller.memories.keepMine({ id: guess.id, expectedVersion: 1 }),
        writeMemory({
          ctx: db.ctx,
          input: {
            writer: agentWriter({ actorRef: 'u1', scopes: ['actor:u1', 'tenant:berlin', 'global'] }),
            scope: 'actor:u1',
            key: guess.key,
            text: 'They start at nine.',
            expectedVersion: 1,
          },
        }),
      ]);
      const stored = await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: guess.id } });
      expect(stored.version).toBe(2);
      const wins = [keep, change].filter((result) => result.status === 'fulfilled');
      expect(wins).toHaveLength(1);
      if (keep.status === 'fulfilled') {
        expect(stored).toMatchObject({ author: 'human', text: 'They start at eight.' });
        expect(change.status === 'rejected' && (change.reason as DomainError).code).toBe('CONFLICT');
      } else {
        expect(stored).toMatchObject({ author: 'agent', text: 'They start at nine.' });
        expect((keep.reason as TRPCError).code).toBe('CONFLICT');
        expect(await db.prisma.auditEvent.count({ where: { memoryId: guess.id, action: 'memory.kept' } })).toBe(0);
      }
    }
  }, 60_000);
});

describe('memories.topics', () => {
  it('lists the shared topics that apply to the person, the narrowest value for each, never their own', async () => {
    const topics = await (await db.callerAs(ALICE)).memories.topics();
    const keys = topics.map((topic) => topic.key);
    expect(keys).toEqual(expect.arrayContaining(['fiscal-year', 'units', 'data-retention', 'expense-limit']));
    expect(keys).not.toContain('team');
    expect(new Set(keys).size).toBe(keys.length);
    expect(topics.find((topic) => topic.key === 'fiscal-year')).toEqual({
      key: 'fiscal-year',
      scope: 'global',
      audience: 'everyone',
      scopeLabel: null,
      text: 'The fiscal year starts in October.',
    });
    // Another organisation's topics never show.
    expect(keys).not.toContain('working-hours');
  });

  it('names a custom scope by its label', async () => {
    const topics = await (await db.callerAs(HANA)).memories.topics();
    expect(topics.find((topic) => topic.key === 'loading-dock')).toMatchObject({
      scope: 'depot:hh',
      audience: 'custom',
      scopeLabel: 'Hamburg depot',
    });
  });

  it('answers UNAUTHORIZED without a session', async () => {
    expect((await errorOf((await db.callerAs(null)).memories.topics())).code).toBe('UNAUTHORIZED');
  });
});

describe('memories.list: one status per row, the same as the preview', () => {
  it.each([ALICE, HANA])('%s: a row is carried exactly when the preview carries it', async (email) => {
    const caller = await db.callerAs(email);
    const [list, preview] = await Promise.all([caller.memories.list(), caller.memories.preview()]);
    const carried = new Set(carriedLines(preview).map((entry) => entry.key));
    for (const memory of list.memories) {
      expect({ key: memory.key, carried: memory.status === 'carried' }).toEqual({ key: memory.key, carried: carried.has(memory.key) });
      if (memory.status === 'alwaysOnLeftOut') expect(memory.alwaysOn).toBe(true);
      if (memory.status === 'leftOut') expect(memory.alwaysOn).toBe(false);
    }
  });

  it('hana: the always-on working-hours and fiscal-year are left out, and so are her own two memories', async () => {
    const list = await (await db.callerAs(HANA)).memories.list();
    const status = Object.fromEntries(list.memories.map((memory) => [memory.key, memory.status]));
    expect(status['working-hours']).toBe('alwaysOnLeftOut');
    expect(status['fiscal-year']).toBe('alwaysOnLeftOut');
    expect(status['forklift-licence']).toBe('leftOut');
    expect(status.shift).toBe('leftOut');
  });

  it('labels custom scopes, on the row and on what it overrides', async () => {
    const list = await (await db.callerAs(HANA)).memories.list();
    expect(list.memories.find((memory) => memory.key === 'loading-dock')).toMatchObject({ scope: 'depot:hh', scopeLabel: 'Hamburg depot' });
    expect(list.memories.find((memory) => memory.key === 'working-hours')).toMatchObject({ scopeLabel: null });
  });
});
