// memories.* as the signed-in person uses them (docs/features.md), through
// createCaller and, where the wire format matters, through the tRPC fetch handler, against a real
// database.
import type { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PARTIAL_NOTICE, validateFact } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { IdPrefix } from '../../ids';
import { createMemoryAt, FORGET_RELATIONS, memoryExists, targetIdFor, type ForgetOutcome } from '../../testing/forget-relations';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { appRouter, createCaller } from '../root';
import { createContextInner } from '../trpc';
import { carriedLines } from '../../testing/carried-lines';

const db = useSeededDatabase();

const ALICE = 'alice@example.com';
const HANA = 'hana@example.com';

function domainDetails(error: TRPCError) {
  if (!(error.cause instanceof DomainError)) throw new Error(`expected a DomainError cause, got ${String(error.cause)}`);
  return error.cause.details;
}

/** A tRPC request over HTTP, as the browser sends it, answered by the app's router. */
async function overHttp(email: string | null, path: string, init: RequestInit = {}): Promise<Response> {
  const session = email ? await db.sessionOf(email) : null;
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request(`http://localhost/api/trpc/${path}`, init),
    router: appRouter,
    createContext: () => createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } }),
  });
}

/** A caller whose audit rows cannot be written, to show a change and its audit row commit together. */
async function callerWithBrokenAudit(email: string) {
  const newId = (prefix: IdPrefix) => {
    if (prefix === 'aud') throw new Error('audit log unavailable');
    return db.ctx.newId(prefix);
  };
  return createCaller(createContextInner({ session: await db.sessionOf(email), db: db.prisma, deps: { now: db.ctx.now, newId } }));
}

function postJson(body: string): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body };
}

async function ownRows(actorRef: string) {
  return db.prisma.agentMemory.findMany({ where: { scope: `actor:${actorRef}` }, orderBy: { key: 'asc' } });
}

const TRPC_CODE: Record<Exclude<ForgetOutcome, 'deleted'>, TRPCError['code']> = {
  not_found: 'NOT_FOUND',
  forbidden: 'FORBIDDEN',
  unauthorized: 'UNAUTHORIZED',
  invalid: 'BAD_REQUEST',
};

describe('memories.forget', () => {
  it.each(FORGET_RELATIONS)('$relation → $expected', async (relation) => {
    const target = await targetIdFor(db, relation);
    if (target.created) onTestFinished(() => db.prisma.agentMemory.deleteMany({ where: { id: target.id } }).then(() => undefined));
    const caller = await db.callerAs(relation.caller);

    if (relation.expected === 'deleted') {
      await expect(caller.memories.forget({ id: target.id })).resolves.toEqual({ id: target.id });
      expect(await memoryExists(db, target.id)).toBe(false);
      return;
    }
    const error = await errorOf(caller.memories.forget({ id: target.id }));
    expect(error.code).toBe(TRPC_CODE[relation.expected]);
    if (relation.expected === 'forbidden') expect(domainDetails(error).reason).toBe('HELD_AT_WIDER_SCOPE');
    if (relation.expected === 'invalid') expect(error.message).toContain('id must be at most 30 characters');
    if (target.created) expect(await memoryExists(db, target.id)).toBe(true);
    // A refused forget changes nothing, so it leaves no audit trail either.
    expect(await db.prisma.auditEvent.count({ where: { memoryId: target.id, action: 'memory.forgotten' } })).toBe(0);
  });

  it('answers NOT_FOUND the second time the same memory is deleted', async () => {
    const id = await createMemoryAt(db, 'actor:u1');
    const caller = await db.callerAs(ALICE);
    await caller.memories.forget({ id });
    expect((await errorOf(caller.memories.forget({ id }))).code).toBe('NOT_FOUND');
  });

  it('deletes together with its audit row: when the audit cannot be written, the memory stays', async () => {
    const id = await createMemoryAt(db, 'actor:u1');
    onTestFinished(() => db.prisma.agentMemory.deleteMany({ where: { id } }).then(() => undefined));
    const caller = await callerWithBrokenAudit(ALICE);
    expect((await errorOf(caller.memories.forget({ id }))).code).toBe('INTERNAL_SERVER_ERROR');
    expect(await memoryExists(db, id)).toBe(true);
  });

  it('audits a person’s deletion of their own memory without its key or text', async () => {
    const caller = await db.callerAs(ALICE);
    const { id } = await caller.memories.save({ key: 'spare-key', text: 'Keeps a spare key under the third plant pot.' });
    await caller.memories.forget({ id });

    const rows = await db.prisma.auditEvent.findMany({ where: { memoryId: id, action: 'memory.forgotten' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: await db.userId(ALICE),
      actorRef: 'u1',
      scope: 'actor:u1',
      tenantRef: 'berlin',
      memoryId: id,
      key: null,
      before: null,
      after: null,
      at: SEED_NOW,
    });
    expect(JSON.stringify(rows[0])).not.toContain('plant pot');
    expect(JSON.stringify(rows[0])).not.toContain('spare-key');
  });
});

describe('memories over HTTP', () => {
  it('answers 400, not 500, to malformed JSON', async () => {
    const response = await overHttp(ALICE, 'memories.forget', postJson('{bad json'));
    expect(response.status).toBe(400);
  });

  it('answers 401 to a signed-out request', async () => {
    const response = await overHttp(null, 'memories.forget', postJson(JSON.stringify({ id: 'mem_01K0000000000000000000ZZZZ' })));
    expect(response.status).toBe(401);
  });

  it('hands validateFact’s field errors to the form in error.data.domain', async () => {
    const response = await overHttp(ALICE, 'memories.save', postJson(JSON.stringify({ key: 'Bad Key', text: 'ok' })));
    expect(response.status).toBe(400);
    const body = (
      (await response.json()) as { error: { code: number; data: { code: string; domain: { code: string; fieldErrors: unknown } } } }
    ).error;
    const verdict = validateFact({ key: 'Bad Key', text: 'ok' }, { maxFactChars: 240 });
    expect(verdict.ok).toBe(false);
    expect(body.data.code).toBe('BAD_REQUEST');
    expect(body.data.domain).toEqual({ code: 'INVALID', fieldErrors: verdict.ok ? [] : verdict.errors });
  });

  it('hands the current record of a CONFLICT to the client in error.data.domain', async () => {
    const caller = await db.callerAs(ALICE);
    const saved = await caller.memories.save({ key: 'desk', text: 'Sits at desk 14.' });
    await caller.memories.save({ key: 'desk', text: 'Sits at desk 15.', expectedVersion: saved.version });

    const input = { key: 'desk', text: 'Sits at desk 16.', expectedVersion: saved.version };
    const response = await overHttp(ALICE, 'memories.save', postJson(JSON.stringify(input)));
    expect(response.status).toBe(409);
    const body = (
      (await response.json()) as {
        error: {
          data: { code: string; domain: { code: string; current: { id: string; text: string; version: number; updatedAt: string } } };
        };
      }
    ).error;
    expect(body.data.code).toBe('CONFLICT');
    // Over the wire a date is its ISO string.
    expect(body.data.domain.current).toMatchObject({
      id: saved.id,
      text: 'Sits at desk 15.',
      version: 2,
      updatedAt: SEED_NOW.toISOString(),
    });
  });
});

describe('memories.list', () => {
  it('answers UNAUTHORIZED without a session', async () => {
    expect((await errorOf((await db.callerAs(null)).memories.list())).code).toBe('UNAUTHORIZED');
  });

  it('shows the winner with the beaten value, its scope and author, and where it came from', async () => {
    const entries = (await (await db.callerAs(ALICE)).memories.list()).memories;
    expect(entries.filter((entry) => entry.key === 'fiscal-year')).toEqual([
      expect.objectContaining({
        text: 'They report on the calendar year.',
        scope: 'actor:u1',
        audience: 'mine',
        scopeLabel: null,
        mine: true,
        author: 'agent',
        pinned: false,
        alwaysOn: true,
        version: 1,
        updatedAt: SEED_NOW,
        origin: {
          author: 'agent',
          actorRef: 'u1',
          threadId: 'thr_q3_report',
          runId: 'run_demo_1',
          promotedFromId: null,
          thread: { id: 'thr_q3_report', title: 'Q3 revenue report', exists: true },
        },
        overrides: [
          { scope: 'global', text: 'The fiscal year starts in October.', author: 'human', audience: 'everyone', scopeLabel: null },
        ],
      }),
    ]);
  });

  it('returns one entry per key for every key at every scope resolved for the person, ignoring the turn budget', async () => {
    const entries = (await (await db.callerAs(HANA)).memories.list()).memories;
    expect(entries.length).toBeGreaterThan(5);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
    expect(entries.map((entry) => entry.key).sort()).toEqual([
      'escalation',
      'fiscal-year',
      'forklift-licence',
      'holiday-calendar',
      'loading-dock',
      'reply-language',
      'safety-briefing',
      'shift',
      'units',
      'working-hours',
    ]);
    expect(entries.find((entry) => entry.key === 'loading-dock')).toMatchObject({ scope: 'depot:hh', mine: false, pinned: true });
  });

  it('lists a memory whose conversation was deleted, marking the conversation as gone', async () => {
    const hotel = (await (await db.callerAs(ALICE)).memories.list()).memories.find((entry) => entry.key === 'hotel');
    expect(hotel?.origin.thread).toEqual({ id: 'thr_hamburg_trip', title: null, exists: false });
  });

  it('filters by conversation', async () => {
    const caller = await db.callerAs(ALICE);
    expect((await caller.memories.list({ threadId: 'thr_q3_report' })).memories.map((entry) => entry.key).sort()).toEqual([
      'fiscal-year',
      'meeting-length',
    ]);
    expect((await caller.memories.list({ threadId: 'thr_hamburg_trip' })).memories.map((entry) => entry.key)).toEqual(['hotel']);
    expect((await caller.memories.list({ threadId: 'thr_shift_plan' })).memories).toEqual([]);
  });

  it('searches key, text and beaten values, ignoring case', async () => {
    const caller = await db.callerAs(ALICE);
    expect((await caller.memories.list({ query: 'EXPENSE' })).memories.map((entry) => entry.key)).toEqual(['expense-limit']);
    expect((await caller.memories.list({ query: 'main station' })).memories.map((entry) => entry.key)).toEqual(['hotel']);
    // Only the beaten global value mentions October; the entry is found through it.
    expect((await caller.memories.list({ query: 'october' })).memories.map((entry) => entry.key)).toEqual(['fiscal-year']);
    expect((await caller.memories.list({ query: 'no such words anywhere' })).memories).toEqual([]);
  });

  it('lists the conversations the memories came from, deleted ones included', async () => {
    const conversations = await (await db.callerAs(ALICE)).memories.conversations();
    expect(conversations).toEqual([
      { id: 'thr_q3_report', title: 'Q3 revenue report', exists: true, memories: 2 },
      { id: 'thr_hamburg_trip', title: null, exists: false, memories: 1 },
    ]);
  });
});

describe('memories.save', () => {
  it('writes at the person’s own actor scope, authored by a human, and audits it', async () => {
    const caller = await db.callerAs(ALICE);
    const saved = await caller.memories.save({ key: 'coffee', text: '  I drink my coffee black.  ' });

    expect(saved).toEqual({
      id: saved.id,
      key: 'coffee',
      text: 'I drink my coffee black.',
      version: 1,
      updatedAt: SEED_NOW,
      expiresAt: null,
      state: 'active',
    });
    const row = await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row).toMatchObject({ scope: 'actor:u1', tenantRef: 'berlin', author: 'human', actorRef: 'u1', pinned: false, threadId: null });
    expect(await db.prisma.auditEvent.findMany({ where: { memoryId: saved.id } })).toEqual([
      expect.objectContaining({
        userId: await db.userId(ALICE),
        action: 'memory.saved',
        scope: 'actor:u1',
        key: null,
        at: SEED_NOW,
        before: null,
        after: { author: 'human', pinned: false, version: 1 },
      }),
    ]);
    expect((await caller.memories.list({ query: 'coffee' })).memories[0]).toMatchObject({ id: saved.id, author: 'human', mine: true });
  });

  it('replaces what the assistant concluded with the person’s statement, bumping the version', async () => {
    const concluded = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u2', key: 'report-format' } } });
    expect(concluded).toMatchObject({ author: 'agent', version: 1 });

    const saved = await (
      await db.callerAs('bob@example.com')
    ).memories.save({
      key: 'report-format',
      text: 'I want reports as a spreadsheet.',
      expectedVersion: 1,
    });

    expect(saved).toMatchObject({ id: concluded.id, version: 2, text: 'I want reports as a spreadsheet.' });
    expect(await db.prisma.agentMemory.findMany({ where: { key: 'report-format', scope: 'actor:u2' } })).toEqual([
      expect.objectContaining({ id: concluded.id, author: 'human', text: 'I want reports as a spreadsheet.', version: 2 }),
    ]);
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { memoryId: concluded.id, action: 'memory.saved' } });
    // The person's own scope: the log records the change, never the key or the text.
    expect(audit).toMatchObject({
      key: null,
      before: { author: 'agent', pinned: false, version: 1 },
      after: { author: 'human', pinned: false, version: 2 },
    });
  });

  it('refuses a stale expectedVersion with CONFLICT carrying the current record, and writes nothing', async () => {
    const caller = await db.callerAs('olga@example.com');
    const before = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u3', key: 'on-call' } } });
    const changed = await caller.memories.save({ key: 'on-call', text: 'I am on call on Tuesdays.', expectedVersion: before.version });

    const error = await errorOf(
      caller.memories.save({ key: 'on-call', text: 'I am on call on Fridays.', expectedVersion: before.version }),
    );

    expect(error.code).toBe('CONFLICT');
    expect(domainDetails(error).current).toMatchObject({ id: before.id, text: 'I am on call on Tuesdays.', version: changed.version });
    expect(await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
      text: 'I am on call on Tuesdays.',
      version: changed.version,
    });
    expect(await db.prisma.auditEvent.count({ where: { memoryId: before.id, action: 'memory.saved' } })).toBe(1);
  });

  it('refuses expectedVersion 0 for a key that already exists', async () => {
    const error = await errorOf((await db.callerAs(ALICE)).memories.save({ key: 'team', text: 'I work in sales.', expectedVersion: 0 }));
    expect(error.code).toBe('CONFLICT');
    expect(domainDetails(error).current).toMatchObject({ key: 'team', text: 'I work in the finance team.' });
  });

  it.each([
    ['a key with capitals and spaces', 'Bad Key', 'A fine fact.'],
    ['an empty key', '', 'A fine fact.'],
    ['a key of 65 characters', 'k'.repeat(65), 'A fine fact.'],
    ['a text of 241 characters', 'too-long', 'x'.repeat(241)],
    ['an empty text', 'blank', '   '],
    ['a text of two lines', 'two-lines', 'First line.\nSecond line.'],
    ['a bad key and a bad text at once', '-dash-first', 'y'.repeat(300)],
  ])('refuses %s with BAD_REQUEST and validateFact’s field errors, writing nothing', async (_case, key, text) => {
    const verdict = validateFact({ key, text }, { maxFactChars: 240 });
    if (verdict.ok) throw new Error('the case should be invalid');
    const auditsBefore = await db.prisma.auditEvent.count();

    const error = await errorOf((await db.callerAs(ALICE)).memories.save({ key, text }));

    expect(error.code).toBe('BAD_REQUEST');
    expect(domainDetails(error).fieldErrors).toEqual(verdict.errors);
    expect(await db.prisma.agentMemory.count({ where: { scope: 'actor:u1', key } })).toBe(0);
    expect(await db.prisma.auditEvent.count()).toBe(auditsBefore);
  });

  // Text no database can hold is refused with the field's name before the fact rules run
  // (server/api/inputs.ts); the fact rules refuse it in the same words (the form checks first).
  it.each([
    ['a lone surrogate in the text', 'lone', 'x\uD800y', 'text must be well-formed Unicode'],
    ['a lone surrogate in the key', 'key\uDC00', 'A fine fact.', 'key must be well-formed Unicode'],
  ])('refuses %s with BAD_REQUEST naming the field, storing nothing', async (_case, key, text, problem) => {
    const auditsBefore = await db.prisma.auditEvent.count();
    const error = await errorOf((await db.callerAs(ALICE)).memories.save({ key, text }));

    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(problem);
    expect(await db.prisma.agentMemory.count({ where: { scope: 'actor:u1', key } })).toBe(0);
    expect(await db.prisma.auditEvent.count()).toBe(auditsBefore);
  });

  it.each([
    ['a text of zero-width spaces only', 'zero-width', '\u200B\u200B\u200B', 'text must contain at least one visible character'],
    ['a right-to-left override in the text', 'bidi', 'pay \u202E001 EUR', 'text must not contain bidirectional control characters'],
    ['an isolate in the text', 'isolate', 'ok \u2066hidden\u2069', 'text must not contain bidirectional control characters'],
    ['tag characters hidden in the text', 'tags', 'likes tea\u{E0069}\u{E0067}\u{E006E}', 'text must not contain Unicode tag characters'],
  ])('refuses %s with BAD_REQUEST naming the problem, storing nothing', async (_case, key, text, problem) => {
    const auditsBefore = await db.prisma.auditEvent.count();
    const error = await errorOf((await db.callerAs(ALICE)).memories.save({ key, text }));

    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(problem);
    expect(domainDetails(error).fieldErrors).toEqual([expect.objectContaining({ message: expect.stringContaining(problem) })]);
    expect(await db.prisma.agentMemory.count({ where: { scope: 'actor:u1', key } })).toBe(0);
    expect(await db.prisma.auditEvent.count()).toBe(auditsBefore);
  });

  it('refuses a lone surrogate sent as a JSON escape with 400, instead of storing a replacement character', async () => {
    // JSON.parse turns the escape \ud800 into a lone surrogate; the database would store U+FFFD.
    const body = '{"key":"lone-json","text":"x\\ud800y"}';
    expect((JSON.parse(body) as { text: string }).text).toBe('x\uD800y');

    const response = await overHttp(ALICE, 'memories.save', postJson(body));

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('text must be well-formed Unicode');
    expect(await db.prisma.agentMemory.count({ where: { key: 'lone-json' } })).toBe(0);
  });

  it('names the 240-character limit when a text is one character too long', async () => {
    const error = await errorOf((await db.callerAs(ALICE)).memories.save({ key: 'too-long', text: 'é'.repeat(241) }));
    expect(domainDetails(error).fieldErrors).toEqual([
      { field: 'text', reason: 'too-long', limit: 240, got: 241, message: 'text must be at most 240 characters (got 241)' },
    ]);
    expect(error.message).toContain('240');
  });

  it('accepts a text of exactly 240 code points of multi-byte characters', async () => {
    const text = '🧭é'.repeat(120);
    expect(text.length).toBeGreaterThan(240);
    const saved = await (await db.callerAs(ALICE)).memories.save({ key: 'compass', text });
    expect((await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: saved.id } })).text).toBe(text);
  });

  it('answers UNAUTHORIZED without a session and writes nothing', async () => {
    const error = await errorOf((await db.callerAs(null)).memories.save({ key: 'ghost', text: 'Nobody said this.' }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(await db.prisma.agentMemory.count({ where: { key: 'ghost' } })).toBe(0);
  });
});

describe('memories.export', () => {
  it('is everything listed, with origins and overrides, and the time of export', async () => {
    const caller = await db.callerAs(ALICE);
    const exported = await caller.memories.export();

    expect(exported.exportedAt).toEqual(SEED_NOW);
    expect(exported.person).toEqual({ email: ALICE, name: 'Alice Adler', actorRef: 'u1', tenant: 'berlin' });
    expect(exported.scopes).toEqual(['actor:u1', 'tenant:berlin', 'global']);
    expect(exported.memories).toEqual((await caller.memories.list()).memories);
    expect(exported.memories.find((memory) => memory.key === 'fiscal-year')?.overrides).toEqual([
      { scope: 'global', text: 'The fiscal year starts in October.', author: 'human', audience: 'everyone', scopeLabel: null },
    ]);
    expect(exported.memories.find((memory) => memory.key === 'hotel')?.origin.thread).toEqual({
      id: 'thr_hamburg_trip',
      title: null,
      exists: false,
    });
  });

  it('serialises to a JSON document with ISO dates', async () => {
    const exported = JSON.parse(JSON.stringify(await (await db.callerAs(HANA)).memories.export())) as {
      exportedAt: string;
      memories: unknown[];
    };
    expect(exported.exportedAt).toBe(SEED_NOW.toISOString());
    expect(exported.memories).toHaveLength(10);
  });
});

describe('memories.forgetAll', () => {
  it('deletes every record at the person’s own actor scope and nothing wider, returns the count and audits it', async () => {
    const frida = await db.userId('frida@example.com');
    const caller = await db.callerAs('frida@example.com');
    await caller.memories.save({ key: 'desk', text: 'I sit by the window.' });
    const own = await ownRows('u7');
    expect(own.length).toBe(3);
    const others = await db.prisma.agentMemory.findMany({ where: { scope: { not: 'actor:u7' } }, orderBy: { id: 'asc' } });
    const ownIds = own.map((row) => row.id).sort();

    await expect(caller.memories.forgetAll({ confirm: true })).resolves.toEqual({ deleted: 3 });

    expect(await ownRows('u7')).toEqual([]);
    expect(await db.prisma.agentMemory.findMany({ where: { scope: { not: 'actor:u7' } }, orderBy: { id: 'asc' } })).toEqual(others);
    expect(await db.prisma.auditEvent.findMany({ where: { userId: frida, action: 'memory.forgot-all' } })).toEqual([
      expect.objectContaining({
        actorRef: 'u7',
        scope: 'actor:u7',
        tenantRef: 'berlin',
        memoryId: null,
        key: null,
        before: { memoryIds: ownIds },
        after: { deleted: 3 },
        at: SEED_NOW,
      }),
    ]);
    expect((await caller.memories.list()).memories.map((entry) => entry.scope)).not.toContain('actor:u7');

    await expect(caller.memories.forgetAll({ confirm: true })).resolves.toEqual({ deleted: 0 });
  });

  it('deletes in one transaction with its audit row: when the audit cannot be written, nothing is deleted', async () => {
    const before = await ownRows('u5');
    expect(before.length).toBeGreaterThan(0);
    const failingAudit = await callerWithBrokenAudit('deniz@example.com');

    expect((await errorOf(failingAudit.memories.forgetAll({ confirm: true }))).code).toBe('INTERNAL_SERVER_ERROR');
    expect(await ownRows('u5')).toEqual(before);
  });

  it.each([
    ['no confirm', {}],
    ['confirm false', { confirm: false }],
    ['confirm as a string', { confirm: 'true' }],
  ])('refuses %s with BAD_REQUEST and deletes nothing', async (_case, input) => {
    const before = await ownRows('u6');
    expect(before.length).toBeGreaterThan(0);
    const caller = await db.callerAs('emil@example.com');
    const error = await errorOf(caller.memories.forgetAll(input as { confirm: true }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(await ownRows('u6')).toEqual(before);
  });

  it('answers UNAUTHORIZED without a session', async () => {
    expect((await errorOf((await db.callerAs(null)).memories.forgetAll({ confirm: true }))).code).toBe('UNAUTHORIZED');
  });
});

describe('memories.preview', () => {
  it('selects under the tenant’s maxMemories: hamburg drops pinned entries and says the selection is partial', async () => {
    const preview = await (await db.callerAs(HANA)).memories.preview();

    expect(preview.maxMemories).toBe(5);
    expect(carriedLines(preview)).toHaveLength(5);
    expect(carriedLines(preview).every((entry) => entry.alwaysOn)).toBe(true);
    expect(preview.block.partial).toBe(true);
    expect(preview.digest).toMatchObject({
      scopes: ['actor:h1', 'depot:hh', 'tenant:hamburg', 'global'],
      offered: 5,
      omitted: 5,
      pinnedOmitted: 2,
      recalled: 0,
      promptChars: preview.block.text.length,
    });
    const omittedKeys = preview.omitted.firstKeys;
    expect(omittedKeys).toHaveLength(5);
    // The widest pinned entry is the first to go; unpinned ones get no room at all.
    expect(omittedKeys).toEqual(expect.arrayContaining(['fiscal-year', 'forklift-licence', 'shift', 'units']));
    expect(carriedLines(preview).map((entry) => entry.key)).toEqual(expect.arrayContaining(['loading-dock', 'safety-briefing']));

    expect(preview.block.text).toContain(PARTIAL_NOTICE);
    for (const entry of carriedLines(preview)) expect(preview.block.text).toContain(entry.line);
    // Left-out entries are named by key only; what the list says about each one agrees.
    const list = (await (await db.callerAs(HANA)).memories.list()).memories;
    expect(
      list
        .filter((entry) => entry.status !== 'carried')
        .map((entry) => entry.key)
        .sort(),
    ).toEqual([...omittedKeys].sort());
    expect(list.filter((entry) => entry.status === 'alwaysOnLeftOut')).toHaveLength(2);
    for (const entry of list.filter((row) => row.status !== 'carried')) expect(preview.block.text).not.toContain(entry.text);
    // How many of the left-out ones are hana's own, as the list's scopes say.
    const ownLeftOut = list.filter((entry) => entry.status !== 'carried' && entry.scope === 'actor:h1');
    expect(ownLeftOut.length).toBeGreaterThan(0);
    expect(preview.omitted.own).toBe(ownLeftOut.length);
  });

  it('carries everything when the budget holds it', async () => {
    const caller = await db.callerAs('carla@example.com');
    const preview = await caller.memories.preview();
    expect(preview.maxMemories).toBe(20);
    expect(preview.block.partial).toBe(false);
    expect(preview.digest.omitted).toBe(0);
    expect(preview.omitted).toEqual({ own: 0, firstKeys: [] });
    expect(preview.digest.pinnedOmitted).toBe(0);
    expect(
      carriedLines(preview)
        .map((entry) => entry.id)
        .sort(),
    ).toEqual((await caller.memories.list()).memories.map((entry) => entry.id).sort());
    expect(preview.block.text).not.toContain(PARTIAL_NOTICE);
    expect(preview.block.text).toContain('The fiscal year starts in October.');
    // Each carried entry travels once, as a line of the block; the counts are the digest's, and
    // whether the turn is partial is the block's.
    expect(Object.keys(preview).sort()).toEqual(['block', 'digest', 'maxMemories', 'omitted', 'scopeLabels']);
  });

  it('answers UNAUTHORIZED without a session', async () => {
    expect((await errorOf((await db.callerAs(null)).memories.preview())).code).toBe('UNAUTHORIZED');
  });
});
