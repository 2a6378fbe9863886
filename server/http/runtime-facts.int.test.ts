// POST /api/runtime/facts/<action> (docs/runtime-api.md "Publishing facts") on a real database:
// a facts:write token publishes, edits, pins, unpins and deletes its organisation's facts through
// the Facts page's services, acting for its creator as they are now; never at a person's scope or
// `global`, never another organisation's; versions, the pin budget and the audit rows as on the
// Facts page. Every answer is checked against the OpenAPI document (callRuntime).
import { beforeAll, describe, expect, it } from 'vitest';
import { callRuntime } from '../testing/runtime-memories';
import { tokenSecret } from '../testing/runtime-tokens';
import { useSeededDatabase } from '../testing/seeded-database';

const db = useSeededDatabase();
/** Made by bob, administrator of Berlin. */
let berlin: { id: string; secret: string };
/** Made by gina, global administrator, for Hamburg (which has the depot:hh group and a small budget). */
let hamburg: { id: string; secret: string };
let memoriesOnly: string;

beforeAll(async () => {
  berlin = await tokenSecret(db, 'bob@example.com', 'berlin', ['facts:write']);
  hamburg = await tokenSecret(db, 'gina@example.com', 'hamburg', ['facts:write']);
  memoriesOnly = (await tokenSecret(db, 'bob@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
});

const held = (scope: string, key: string) => db.prisma.agentMemory.findUnique({ where: { scope_key: { scope, key } } });
const factAt = async (scope: string, key: string) => (await held(scope, key))!;
const userId = async (email: string) => (await db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
const snapshot = async () => ({
  memories: await db.prisma.agentMemory.findMany({ orderBy: { id: 'asc' } }),
  audit: await db.prisma.auditEvent.count(),
});

describe('a facts:write token', () => {
  it('publishes, edits, pins, unpins and deletes a fact of its organisation, each audited naming the token and its creator', async () => {
    const published = await callRuntime(db, berlin.secret, 'publishFact', {
      scope: 'tenant:berlin',
      key: 'canteen',
      text: 'The canteen opens at 11:30.',
    });
    expect(published.status).toBe(200);
    expect(published.body.record).toMatchObject({ scope: 'tenant:berlin', key: 'canteen', author: 'human', version: 1, pinned: false });
    const { id } = published.body.record;

    const edited = await callRuntime(db, berlin.secret, 'editFact', { id, text: 'The canteen opens at 11:00.', expectedVersion: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.record).toMatchObject({ id, text: 'The canteen opens at 11:00.', version: 2, author: 'human' });

    const pinned = await callRuntime(db, berlin.secret, 'pinFact', { id, expectedVersion: 2 });
    expect(pinned.status).toBe(200);
    expect(pinned.body.record).toMatchObject({ pinned: true, version: 3 });

    const unpinned = await callRuntime(db, berlin.secret, 'unpinFact', { id, expectedVersion: 3 });
    expect(unpinned.status).toBe(200);
    expect(unpinned.body.record).toMatchObject({ pinned: false, version: 4 });

    const deleted = await callRuntime(db, berlin.secret, 'deleteFact', { id, expectedVersion: 4 });
    expect(deleted.status).toBe(204);
    expect(await held('tenant:berlin', 'canteen')).toBeNull();

    const rows = await db.prisma.auditEvent.findMany({ where: { memoryId: id }, orderBy: { seq: 'asc' } });
    expect(rows.map((row) => row.action)).toEqual([
      'memory.published',
      'memory.published',
      'memory.pinned',
      'memory.unpinned',
      'memory.deleted',
    ]);
    const bob = await userId('bob@example.com');
    for (const row of rows) expect(row).toMatchObject({ tokenId: berlin.id, userId: bob, actorRef: 'u2', tenantRef: 'berlin' });
    // The audit log as the console shows it: the token by name, and the person who made it.
    const page = await (await db.callerAs('bob@example.com')).audit.list({ limit: 20 });
    const shown = page.rows.find((row) => row.memoryId === id && row.action === 'memory.deleted');
    expect(shown).toMatchObject({ token: { id: berlin.id, name: 'test facts:write' }, person: { userId: bob, name: 'Bob Brandt' } });
  });

  it('publishes at a group of its organisation', async () => {
    const { status, body } = await callRuntime(db, hamburg.secret, 'publishFact', {
      scope: 'depot:hh',
      key: 'forklift-check',
      text: 'Check the forklift before every shift.',
    });
    expect(status).toBe(200);
    expect(body.record).toMatchObject({ scope: 'depot:hh', author: 'human' });
  });

  it('is refused without facts:write (403), changing nothing', async () => {
    const before = await snapshot();
    const fact = await factAt('tenant:berlin', 'expense-limit');
    for (const [action, body] of [
      ['publishFact', { scope: 'tenant:berlin', key: 'no-permission', text: 'Nothing.' }],
      ['editFact', { id: fact.id, text: 'Nothing.', expectedVersion: fact.version }],
      ['pinFact', { id: fact.id, expectedVersion: fact.version }],
      ['unpinFact', { id: fact.id, expectedVersion: fact.version }],
      ['deleteFact', { id: fact.id, expectedVersion: fact.version }],
    ] as const) {
      const answer = await callRuntime(db, memoriesOnly, action, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.message).toContain('facts:write');
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a person’s own scope', 'actor:u1'],
    ['global', 'global'],
  ])('refuses to publish at %s with 400 naming the field', async (_case, scope) => {
    const before = await snapshot();
    const { status, body } = await callRuntime(db, berlin.secret, 'publishFact', { scope, key: 'not-here', text: 'Nothing.' });
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/^scope: /);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a fact at global or a person’s scope by id with 403 naming the field', async () => {
    const before = await snapshot();
    for (const fact of [await factAt('global', 'units'), await factAt('actor:u1', 'team')]) {
      const { status, body } = await callRuntime(db, berlin.secret, 'editFact', {
        id: fact.id,
        text: 'Changed.',
        expectedVersion: fact.version,
      });
      expect(status).toBe(403);
      expect(body.error).toMatchObject({ reason: 'SCOPE_OUTSIDE_TENANT' });
      expect(body.error.message).toMatch(/^id: /);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses another organisation’s scope (403) and answers its facts like missing ones (404), even for a global administrator’s token', async () => {
    const before = await snapshot();
    const other = await callRuntime(db, hamburg.secret, 'publishFact', { scope: 'tenant:berlin', key: 'not-yours', text: 'Nothing.' });
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({
      reason: 'SCOPE_OUTSIDE_TENANT',
      message: "scope: tenant:berlin is not a scope of this token's organisation.",
    });
    const unknown = await callRuntime(db, berlin.secret, 'publishFact', { scope: 'depot:nowhere', key: 'not-yours', text: 'Nothing.' });
    expect(unknown.status).toBe(403);
    const fact = await factAt('tenant:berlin', 'expense-limit');
    const byId = await callRuntime(db, hamburg.secret, 'deleteFact', { id: fact.id, expectedVersion: fact.version });
    expect(byId.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 with the current version when the fact changed since', async () => {
    const fact = await factAt('tenant:berlin', 'expense-limit');
    const { status, body } = await callRuntime(db, berlin.secret, 'editFact', {
      id: fact.id,
      text: 'Expenses above 400 EUR need approval.',
      expectedVersion: fact.version - 1,
    });
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: 'CONFLICT', currentVersion: fact.version });
    expect(await factAt('tenant:berlin', 'expense-limit')).toEqual(fact);
    const created = await callRuntime(db, berlin.secret, 'publishFact', {
      scope: 'tenant:berlin',
      key: 'expense-limit',
      text: 'A new fact.',
      expectedVersion: 0,
    });
    expect(created.status).toBe(409);
  });

  it('refuses pinning over the budget with PIN_OVER_BUDGET and the count, and pins when that count is confirmed', async () => {
    const published = await callRuntime(db, hamburg.secret, 'publishFact', {
      scope: 'tenant:hamburg',
      key: 'gate-code',
      text: 'Use gate 2.',
    });
    const { id, version } = published.body.record;
    const refused = await callRuntime(db, hamburg.secret, 'pinFact', { id, expectedVersion: version });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', reason: 'PIN_OVER_BUDGET' });
    const { peopleOver } = refused.body.error;
    expect(peopleOver).toBeGreaterThan(0);
    expect(refused.body.error.message).toContain(peopleOver === 1 ? '1 person' : `${peopleOver} people`);
    expect((await held('tenant:hamburg', 'gate-code'))?.pinned).toBe(false);
    const confirmed = await callRuntime(db, hamburg.secret, 'pinFact', { id, expectedVersion: version, confirmOmissions: peopleOver });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.record.pinned).toBe(true);
  });

  it('is refused (403) once its creator is no longer an administrator of the organisation, and again when they are restored', async () => {
    const bob = await userId('bob@example.com');
    const grant = await db.prisma.grant.findFirstOrThrow({ where: { userId: bob, scope: 'tenant:berlin', role: 'admin' } });
    await db.prisma.grant.delete({ where: { id: grant.id } });
    try {
      const before = await snapshot();
      const { status, body } = await callRuntime(db, berlin.secret, 'publishFact', {
        scope: 'tenant:berlin',
        key: 'demoted',
        text: 'Nothing.',
      });
      expect(status).toBe(403);
      expect(body.error).toMatchObject({ reason: 'NOT_ADMINISTRATOR' });
      expect(body.error.message).toContain('no longer an administrator');
      expect(await snapshot()).toEqual(before);
    } finally {
      await db.prisma.grant.create({ data: grant });
    }
    expect((await callRuntime(db, berlin.secret, 'publishFact', { scope: 'tenant:berlin', key: 'restored', text: 'Back.' })).status).toBe(
      200,
    );
  });

  it('is refused (403) while its creator is disabled', async () => {
    const bob = await userId('bob@example.com');
    await db.prisma.user.update({ where: { id: bob }, data: { disabled: true } });
    try {
      const before = await snapshot();
      const fact = await factAt('tenant:berlin', 'expense-limit');
      const { status, body } = await callRuntime(db, berlin.secret, 'unpinFact', { id: fact.id, expectedVersion: fact.version });
      expect(status).toBe(403);
      expect(body.error).toMatchObject({ reason: 'WRITER_INACTIVE' });
      expect(await snapshot()).toEqual(before);
    } finally {
      await db.prisma.user.update({ where: { id: bob }, data: { disabled: false } });
    }
  });

  it('cannot be made by an operator, only by an administrator of the organisation', async () => {
    const olga = await db.callerAs('olga@example.com');
    await expect(olga.tokens.create({ name: 'scripts', tenantRef: 'berlin', permissions: ['facts:write'] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('facts:write'),
    });
    expect(await db.prisma.apiToken.count({ where: { name: 'scripts' } })).toBe(0);
    const bob = await db.callerAs('bob@example.com');
    const made = await bob.tokens.create({ name: 'scripts', tenantRef: 'berlin', permissions: ['facts:write'] });
    expect(made.permissions).toEqual(['facts:write']);
  });

  it('lets one of two concurrent edits at the same version through and answers the other 409', async () => {
    const second = await tokenSecret(db, 'gina@example.com', 'berlin', ['facts:write']);
    const fact = await factAt('tenant:berlin', 'data-retention');
    const answers = await Promise.all(
      [berlin.secret, second.secret].map((secret, i) =>
        callRuntime(db, secret, 'editFact', { id: fact.id, text: `Never store customer names (${i}).`, expectedVersion: fact.version }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await factAt('tenant:berlin', 'data-retention');
    expect(after.version).toBe(fact.version + 1);
    expect(after.text).toBe(answers.find((answer) => answer.status === 200)!.body.record.text);
    expect(await db.prisma.auditEvent.count({ where: { memoryId: fact.id, action: 'memory.published', tokenId: { not: null } } })).toBe(1);
  });
});
