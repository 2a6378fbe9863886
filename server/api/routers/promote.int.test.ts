// Publishing the assistant's conclusions (docs/features.md "Publishing the assistant's
// conclusions") through createCaller for every persona, on PGlite and, with TEST_DATABASE_URL,
// PostgreSQL.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors/domain-error';
import { concludeFor, conclusionIds } from '../../testing/promotion';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const OLGA = 'olga@example.com';
const HANA = 'hana@example.com';

async function promoteAs(email: string | null, input: Parameters<Awaited<ReturnType<typeof db.callerAs>>['review']['promote']>[0]) {
  return (await db.callerAs(email)).review.promote(input);
}

function details(error: { cause?: unknown }) {
  if (!(error.cause instanceof DomainError)) throw new Error(`expected a DomainError cause, got ${String(error.cause)}`);
  return error.cause.details;
}

/** What a refused promotion must leave behind: no record at the target, no audit row, sources kept. */
async function expectNothingChanged(scope: string, key: string, sourceIds: string[], auditRowsBefore: number) {
  expect(await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope, key } } })).toBeNull();
  expect(await db.prisma.agentMemory.count({ where: { id: { in: sourceIds } } })).toBe(sourceIds.length);
  expect(await db.prisma.auditEvent.count()).toBe(auditRowsBefore);
}

describe('who may publish where', () => {
  it.each([
    [BOB, 'global', 'FORBIDDEN'],
    [BOB, 'tenant:hamburg', 'NOT_FOUND'],
    [BOB, 'depot:hh', 'NOT_FOUND'],
    [BOB, 'tenant:atlantis', 'NOT_FOUND'],
    [ALICE, 'tenant:berlin', 'FORBIDDEN'],
    [ALICE, 'global', 'FORBIDDEN'],
    [OLGA, 'tenant:berlin', 'FORBIDDEN'],
    [OLGA, 'global', 'FORBIDDEN'],
    [HANA, 'tenant:hamburg', 'FORBIDDEN'],
    [null, 'tenant:berlin', 'UNAUTHORIZED'],
  ])('%s publishing at %s: %s, and nothing changes', async (email, targetScope, code) => {
    const sourceIds = await conclusionIds(db, 'meeting-length', ['u4', 'u6']);
    const auditRows = await db.prisma.auditEvent.count();
    const error = await errorOf(
      promoteAs(email, { key: 'meeting-length', text: 'Meetings last 25 minutes.', targetScope, sourceIds, retireSources: true }),
    );
    expect(error.code).toBe(code);
    // Refusals for another organisation say nothing about it.
    if (code === 'NOT_FOUND') expect(error.message).not.toMatch(/hamburg|atlantis|depot/i);
    await expectNothingChanged(targetScope, 'meeting-length', sourceIds, auditRows);
  });

  it('tells bob why global is refused', async () => {
    const sourceIds = await conclusionIds(db, 'meeting-length', ['u4']);
    const error = await errorOf(
      promoteAs(BOB, { key: 'meeting-length', text: 'Meetings last 25 minutes.', targetScope: 'global', sourceIds }),
    );
    expect(error.message).toMatch(/global administrator grant/);
    expect(details(error).reason).toBe('NEEDS_GLOBAL_GRANT');
  });

  it('refuses one person as the target', async () => {
    const sourceIds = await conclusionIds(db, 'meeting-length', ['u4']);
    const error = await errorOf(
      promoteAs(BOB, { key: 'meeting-length', text: 'Meetings last 25 minutes.', targetScope: 'actor:u4', sourceIds }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(details(error).fieldErrors?.[0]?.field).toBe('targetScope');
  });
});

describe('the sources', () => {
  it.each([
    ['a Hamburg conclusion', async () => (await conclusionIds(db, 'shift', ['h1']))[0]!, 'NOT_FOUND', /does not exist or is not visible/],
    ['an id that names nothing', async () => 'mem_01K0000000000000000000ZZZZ', 'NOT_FOUND', /does not exist or is not visible/],
    [
      'a person’s own statement',
      async () => (await db.prisma.agentMemory.findFirstOrThrow({ where: { scope: 'actor:u1', key: 'team' } })).id,
      'CONFLICT',
      /something a person stated/,
    ],
    ['a conclusion under another key', async () => (await conclusionIds(db, 'timezone', ['u6']))[0]!, 'BAD_REQUEST', /another key/],
  ])('%s is refused by id, and nothing changes', async (_name, badId, code, message) => {
    const id = await badId();
    const good = await conclusionIds(db, 'meeting-length', ['u4']);
    const auditRows = await db.prisma.auditEvent.count();
    const error = await errorOf(
      promoteAs(BOB, {
        key: 'meeting-length',
        text: 'Meetings last 25 minutes.',
        targetScope: 'tenant:berlin',
        sourceIds: [...good, id],
        retireSources: true,
      }),
    );
    expect(error.code).toBe(code);
    expect(error.message).toContain(id);
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/early shift|finance team|Berlin time/);
    await expectNothingChanged('tenant:berlin', 'meeting-length', good, auditRows);
  });

  it('refuses a text over the tenant’s limit, naming it, and changes nothing', async () => {
    const sourceIds = await conclusionIds(db, 'meeting-length', ['u4']);
    const auditRows = await db.prisma.auditEvent.count();
    const error = await errorOf(promoteAs(BOB, { key: 'meeting-length', text: 'x'.repeat(241), targetScope: 'tenant:berlin', sourceIds }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/at most 240 characters \(got 241\)/);
    await expectNothingChanged('tenant:berlin', 'meeting-length', sourceIds, auditRows);
  });
});

describe('bob publishes for Berlin', () => {
  it('creates a stated fact that alice sees as her organisation’s value, beneath her own', async () => {
    const sourceIds = await conclusionIds(db, 'meeting-length', ['u4', 'u6']);
    const published = await promoteAs(BOB, {
      key: 'meeting-length',
      text: '  Meetings at Berlin last 25 minutes.  ',
      targetScope: 'tenant:berlin',
      sourceIds,
      pinned: true,
    });
    expect(published).toMatchObject({
      key: 'meeting-length',
      text: 'Meetings at Berlin last 25 minutes.',
      scope: 'tenant:berlin',
      version: 1,
      pinned: true,
      retiredSourceIds: [],
    });

    const stored = await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: published.id }, include: { promotionSources: true } });
    expect(stored).toMatchObject({ author: 'human', actorRef: 'u2', tenantRef: 'berlin' });
    expect(stored.promotionSources.map((link) => link.sourceId).sort()).toEqual([...sourceIds].sort());
    expect(await db.prisma.agentMemory.count({ where: { id: { in: sourceIds } } })).toBe(2);

    const alices = (await (await db.callerAs(ALICE)).memories.list()).memories;
    const entry = alices.find((memory) => memory.key === 'meeting-length')!;
    expect(entry).toMatchObject({ scope: 'actor:u1', author: 'agent' });
    expect(entry.overrides).toContainEqual(
      expect.objectContaining({ scope: 'tenant:berlin', text: 'Meetings at Berlin last 25 minutes.', author: 'human' }),
    );
  });

  it('replacing it needs its version: missing or stale is a conflict carrying the current record', async () => {
    const sourceIds = await conclusionIds(db, 'meeting-length', ['u5']);
    const input = { key: 'meeting-length', text: 'Meetings last 30 minutes.', targetScope: 'tenant:berlin', sourceIds };
    for (const expectedVersion of [undefined, 0, 2]) {
      const error = await errorOf(promoteAs(BOB, { ...input, expectedVersion }));
      expect(error.code).toBe('CONFLICT');
      expect(details(error).current).toMatchObject({ scope: 'tenant:berlin', version: 1, text: 'Meetings at Berlin last 25 minutes.' });
    }
    const replaced = await promoteAs(BOB, { ...input, expectedVersion: 1 });
    expect(replaced).toMatchObject({ version: 2, text: 'Meetings last 30 minutes.', pinned: true });
    const audit = await db.prisma.auditEvent.findFirstOrThrow({
      where: { memoryId: replaced.id, action: 'memory.promoted' },
      orderBy: { seq: 'desc' },
    });
    expect(audit.before).toMatchObject({ text: 'Meetings at Berlin last 25 minutes.', version: 1 });
    expect(audit.after).toMatchObject({ text: 'Meetings last 30 minutes.', version: 2, sourceIds });
  });

  it('retiring deletes only the assistant’s copies behind it, and writes one audit row without their texts', async () => {
    await (await db.callerAs(ALICE)).memories.save({ key: 'report-format', text: 'I want reports as a spreadsheet.' });
    const sourceIds = await conclusionIds(db, 'report-format', ['u2', 'u4', 'u5']);
    const auditRows = await db.prisma.auditEvent.count();
    const published = await promoteAs(BOB, {
      key: 'report-format',
      text: 'Reports are one-page PDFs.',
      targetScope: 'tenant:berlin',
      sourceIds,
      retireSources: true,
    });
    expect(published.retiredSourceIds.sort()).toEqual([...sourceIds].sort());
    expect(await db.prisma.agentMemory.count({ where: { id: { in: sourceIds } } })).toBe(0);
    const kept = await db.prisma.agentMemory.findMany({ where: { key: 'report-format', scope: { startsWith: 'actor:' } } });
    expect(kept.map((row) => [row.scope, row.author]).sort()).toEqual([
      ['actor:u1', 'human'],
      ['actor:u7', 'agent'],
    ]);

    expect(await db.prisma.auditEvent.count()).toBe(auditRows + 1);
    const rows = await db.prisma.auditEvent.findMany({ where: { memoryId: published.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'memory.promoted',
      scope: 'tenant:berlin',
      key: 'report-format',
      memoryId: published.id,
      actorRef: 'u2',
    });
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ text: 'Reports are one-page PDFs.', author: 'human', version: 1 });
    expect((rows[0]!.after as { retiredSourceIds: string[] }).retiredSourceIds.sort()).toEqual([...sourceIds].sort());
    expect(JSON.stringify(rows[0])).not.toContain('Wants reports as a one-page PDF.');

    // Carla's own copy is gone, so the organisation's value is hers now.
    const carlas = (await (await db.callerAs('carla@example.com')).memories.list()).memories;
    expect(carlas.find((memory) => memory.key === 'report-format')).toMatchObject({
      scope: 'tenant:berlin',
      author: 'human',
      text: 'Reports are one-page PDFs.',
    });
  });

  it('a fresh key from the tests’ own conclusions: sources of one key only', async () => {
    const sourceIds = await concludeFor(db, 'promote-own-key', ['u4', 'u5'], 'Likes tea.');
    const published = await promoteAs(BOB, {
      key: 'promote-own-key',
      text: 'The office has tea.',
      targetScope: 'tenant:berlin',
      sourceIds,
    });
    expect(published.version).toBe(1);
  });
});
