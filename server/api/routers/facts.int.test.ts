// facts.* for every persona and target (docs/features.md "Published facts"), through createCaller
// on a real database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, factId, GINA, HANA, OLGA } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf, reasonOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

describe('facts.list', () => {
  it('shows bob Berlin and global facts, never Hamburg, and which he may edit', async () => {
    const { facts } = await (await db.callerAs(BOB)).facts.list({});
    const byKey = new Map(facts.map((fact) => [`${fact.scope}/${fact.key}`, fact]));
    expect(byKey.get('tenant:berlin/data-retention')).toMatchObject({ pinned: true, canEdit: true });
    expect(byKey.get('global/fiscal-year')).toMatchObject({ canEdit: false, overrides: 1 });
    expect(facts.some((fact) => fact.scope.startsWith('actor:'))).toBe(false);
    expect(facts.some((fact) => fact.scope === 'tenant:hamburg' || fact.scope === 'depot:hh')).toBe(false);
  });

  it('pages with a cursor and filters by scope and search', async () => {
    const caller = await db.callerAs(BOB);
    const first = await caller.facts.list({ limit: 2 });
    expect(first.facts).toHaveLength(2);
    const second = await caller.facts.list({ limit: 2, cursor: first.next });
    expect(second.facts.map((f) => f.id)).not.toContain(first.facts[0]!.id);
    const berlin = await caller.facts.list({ scope: 'tenant:berlin' });
    expect(new Set(berlin.facts.map((f) => f.scope))).toEqual(new Set(['tenant:berlin']));
    const searched = await caller.facts.list({ search: 'kilometres' });
    expect(searched.facts.map((f) => f.key)).toEqual(['units']);
  });

  it('lists the people whose own value overrides a fact', async () => {
    const overrides = await (await db.callerAs(BOB)).facts.overrides({ id: await factId(db, 'global', 'fiscal-year') });
    expect(overrides).toEqual([expect.objectContaining({ person: 'Alice Adler', scope: 'actor:u1', author: 'agent' })]);
  });

  it.each([ALICE, OLGA, HANA])('refuses %s, who administers nothing', async (email) => {
    const error = await errorOf((await db.callerAs(email)).facts.list({}));
    expect(error.code).toBe('FORBIDDEN');
  });

  it('shows a global administrator every tenant', async () => {
    const { facts } = await (await db.callerAs(GINA)).facts.list({ limit: 100 });
    expect(facts.some((fact) => fact.scope === 'tenant:hamburg' && fact.canEdit)).toBe(true);
    expect(facts.find((fact) => fact.scope === 'global')?.canEdit).toBe(true);
  });
});

describe('facts.save', () => {
  it('publishes, edits with the version and audits both', async () => {
    const caller = await db.callerAs(BOB);
    const created = await caller.facts.save({ scope: 'tenant:berlin', key: 'parking', text: 'Park in the yard.', expectedVersion: 0 });
    expect(created).toMatchObject({ version: 1, pinned: false });
    const edited = await caller.facts.save({ scope: 'tenant:berlin', key: 'parking', text: 'Park behind the office.', expectedVersion: 1 });
    expect(edited.version).toBe(2);
    const history = await caller.facts.history({ id: created.id });
    expect(history.map((h) => [h.by, h.before?.text ?? null, h.after?.text])).toEqual([
      ['Bob Brandt', 'Park in the yard.', 'Park behind the office.'],
      ['Bob Brandt', null, 'Park in the yard.'],
    ]);
  });

  it('answers a stale version with CONFLICT and the current text', async () => {
    const caller = await db.callerAs(BOB);
    await caller.facts.save({ scope: 'tenant:berlin', key: 'stale', text: 'First.', expectedVersion: 0 });
    await caller.facts.save({ scope: 'tenant:berlin', key: 'stale', text: 'Second.', expectedVersion: 1 });
    const error = await errorOf(caller.facts.save({ scope: 'tenant:berlin', key: 'stale', text: 'Mine.', expectedVersion: 1 }));
    expect(error.code).toBe('CONFLICT');
    expect((error.cause as unknown as { details: { current: { text: string } } }).details.current.text).toBe('Second.');
  });

  it.each([
    { who: BOB, scope: 'tenant:hamburg', code: 'NOT_FOUND' },
    { who: BOB, scope: 'depot:hh', code: 'NOT_FOUND' },
    { who: BOB, scope: 'tenant:nowhere', code: 'NOT_FOUND' },
    { who: BOB, scope: 'global', code: 'FORBIDDEN', reason: 'NEEDS_GLOBAL_GRANT' },
    { who: BOB, scope: 'actor:u1', code: 'FORBIDDEN' },
    { who: ALICE, scope: 'tenant:berlin', code: 'FORBIDDEN' },
    { who: OLGA, scope: 'global', code: 'FORBIDDEN' },
    { who: HANA, scope: 'depot:hh', code: 'FORBIDDEN' },
  ])('$who at $scope → $code', async ({ who, scope, code, reason }) => {
    const before = await db.prisma.agentMemory.count();
    const error = await errorOf((await db.callerAs(who)).facts.save({ scope, key: 'refused', text: 'No.' }));
    expect(error.code).toBe(code);
    if (reason) expect(reasonOf(error)).toBe(reason);
    expect(await db.prisma.agentMemory.count()).toBe(before);
  });

  it('lets a global administrator publish for everyone', async () => {
    const saved = await (await db.callerAs(GINA)).facts.save({ scope: 'global', key: 'greeting', text: 'Say hello.' });
    expect(saved.scope).toBe('global');
  });
});

describe('facts.delete and facts.setPinned', () => {
  it('deletes only at the version seen, and audits what it was', async () => {
    const caller = await db.callerAs(BOB);
    const fact = await caller.facts.save({ scope: 'tenant:berlin', key: 'to-delete', text: 'Gone soon.' });
    expect((await errorOf(caller.facts.delete({ id: fact.id, expectedVersion: 7 }))).code).toBe('CONFLICT');
    await caller.facts.delete({ id: fact.id, expectedVersion: 1 });
    expect(await db.prisma.agentMemory.findUnique({ where: { id: fact.id } })).toBeNull();
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { memoryId: fact.id, action: 'memory.deleted' } });
    expect(audit.before).toMatchObject({ key: 'to-delete', text: 'Gone soon.' });
  });

  it('refuses bob on global (FORBIDDEN) and on Hamburg (NOT_FOUND)', async () => {
    const caller = await db.callerAs(BOB);
    const global = await errorOf(caller.facts.delete({ id: await factId(db, 'global', 'units'), expectedVersion: 1 }));
    expect([global.code, reasonOf(global)]).toEqual(['FORBIDDEN', 'NEEDS_GLOBAL_GRANT']);
    const hamburg = await errorOf(
      caller.facts.setPinned({ id: await factId(db, 'tenant:hamburg', 'escalation'), pinned: false, expectedVersion: 1 }),
    );
    expect(hamburg.code).toBe('NOT_FOUND');
    expect((await errorOf(caller.facts.history({ id: await factId(db, 'depot:hh', 'loading-dock') }))).code).toBe('NOT_FOUND');
  });

  it('pins and unpins at the version seen', async () => {
    const caller = await db.callerAs(BOB);
    const id = await factId(db, 'tenant:berlin', 'expense-limit');
    const pinned = await caller.facts.setPinned({ id, pinned: true, expectedVersion: 1 });
    expect(pinned).toMatchObject({ pinned: true, version: 2 });
    expect((await errorOf(caller.facts.setPinned({ id, pinned: false, expectedVersion: 1 }))).code).toBe('CONFLICT');
    expect(await caller.facts.setPinned({ id, pinned: false, expectedVersion: 2 })).toMatchObject({ pinned: false, version: 3 });
  });
});
