// POST /api/runtime/memories/write and /forget (docs/runtime-api.md "The runtime's memory API") on
// a real database: always at the actor's own scope, fact limits, no-op rewrites, a person's own
// statement never replaced, the assistant's quota, no diagnostics, and racing writes. Every answer
// is checked against the OpenAPI document (callRuntime).
import { beforeAll, describe, expect, it } from 'vitest';
import { callRuntime } from '../testing/runtime-memories';
import { tokenSecret } from '../testing/runtime-tokens';
import { useSeededDatabase } from '../testing/seeded-database';

const db = useSeededDatabase();
let berlin: string;
let berlinReadOnly: string;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
  berlinReadOnly = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read'])).secret;
});

const write = (body: Record<string, unknown>, secret = berlin) => callRuntime(db, secret, 'write', body);
const held = (scope: string, key: string) => db.prisma.agentMemory.findUnique({ where: { scope_key: { scope, key } } });

describe('POST /api/runtime/memories/write', () => {
  it('writes at the actor’s own scope as the assistant, and the same text again changes nothing', async () => {
    const first = await write({ actorRef: 'u1', key: 'coffee', fact: 'Drinks coffee black.', threadId: 'thr_q3_report', runId: 'run_7' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      changed: true,
      record: { scope: 'actor:u1', author: 'agent', version: 1, threadId: 'thr_q3_report', runId: 'run_7' },
    });
    const again = await write({ actorRef: 'u1', key: 'coffee', fact: '  Drinks coffee black. ' });
    expect(again.body).toEqual({ changed: false, record: first.body.record });
    const changed = await write({ actorRef: 'u1', key: 'coffee', fact: 'Drinks coffee with milk.' });
    expect(changed.body).toMatchObject({ changed: true, record: { version: 2, text: 'Drinks coffee with milk.' } });
  });

  it.each([
    ['a scope', { scope: 'global' }],
    ['a tenant', { scope: 'tenant:berlin' }],
    ['an author', { author: 'human' }],
    ['a pin', { pinned: true }],
  ])('refuses %s in the body with 400 and writes nothing, so it never lands above actor scope', async (_case, extra) => {
    const before = await db.prisma.agentMemory.count();
    const { status, body } = await write({ actorRef: 'u1', key: 'escalate', fact: 'Should land nowhere else.', ...extra });
    expect(status).toBe(400);
    expect(body.error.message).toContain(Object.keys(extra)[0]);
    expect(await db.prisma.agentMemory.count()).toBe(before);
  });

  it('refuses a 241-character fact with 400 naming the limit of 240', async () => {
    const { status, body } = await write({ actorRef: 'u1', key: 'long', fact: 'x'.repeat(241) });
    expect(status).toBe(400);
    expect(body.error.message).toContain('240');
    expect(await held('actor:u1', 'long')).toBeNull();
    expect((await write({ actorRef: 'u1', key: 'long', fact: 'x'.repeat(240) })).status).toBe(200);
  });

  it('refuses a person of another tenant, or none, with 403', async () => {
    for (const actorRef of ['h1', 'nobody']) {
      const { status, body } = await write({ actorRef, key: 'coffee', fact: 'Drinks tea.' });
      expect(status).toBe(403);
      expect(body.error.message).toContain(actorRef);
    }
    expect(await held('actor:h1', 'coffee')).toBeNull();
  });

  it('answers 403 for a token without memories:write', async () => {
    expect((await write({ actorRef: 'u1', key: 'coffee', fact: 'Drinks tea.' }, berlinReadOnly)).status).toBe(403);
  });

  it('never replaces what the person stated about themselves: 409 with the reason', async () => {
    const own = await held('actor:u1', 'team');
    expect(own?.author).toBe('human');
    const { status, body } = await write({ actorRef: 'u1', key: 'team', fact: 'Works in sales.' });
    expect(status).toBe(409);
    expect(body.error.reason).toBe('REPLACES_OWN_STATEMENT');
    expect(await held('actor:u1', 'team')).toEqual(own);
  });

  it('applies the quota of the assistant’s conclusions (409 QUOTA_EXCEEDED), counted apart from the person’s statements', async () => {
    const conclusions = await db.prisma.agentMemory.count({ where: { scope: 'actor:u2', author: 'agent' } });
    const statements = await db.prisma.agentMemory.count({ where: { scope: 'actor:u2', author: 'human' } });
    expect(statements).toBeGreaterThan(0);
    await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemoriesPerPerson: conclusions } });
    try {
      const { status, body } = await write({ actorRef: 'u2', key: 'new-conclusion', fact: 'Likes early meetings.' });
      expect(status).toBe(409);
      expect(body.error.code).toBe('QUOTA_EXCEEDED');
      // Editing a conclusion it already holds adds nothing, so it still works at the limit.
      expect((await write({ actorRef: 'u2', key: 'report-format', fact: 'Wants reports as a short email.' })).status).toBe(200);
    } finally {
      await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemoriesPerPerson: 500 } });
    }
  });

  it('records no diagnostics and no audit row: the runtime reports its own writes', async () => {
    const before = { events: await db.prisma.runtimeEvent.count(), audit: await db.prisma.auditEvent.count() };
    expect((await write({ actorRef: 'u1', key: 'lunch', fact: 'Eats lunch at noon.' })).status).toBe(200);
    expect({ events: await db.prisma.runtimeEvent.count(), audit: await db.prisma.auditEvent.count() }).toEqual(before);
  });

  it('writes a key once when the same conclusion races itself', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => write({ actorRef: 'u4', key: 'race', fact: 'Prefers stand-ups.' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.changed)).toHaveLength(1);
    expect((await held('actor:u4', 'race'))?.version).toBe(1);
  });

  it('serialises racing different conclusions of one key: every change is a version of its own', async () => {
    const texts = ['One.', 'Two.', 'Three.'];
    const answers = await Promise.all(texts.map((fact) => write({ actorRef: 'u4', key: 'race-many', fact })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body.record.version).sort()).toEqual([1, 2, 3]);
  });
});

describe('POST /api/runtime/memories/forget', () => {
  const forget = (actorRef: string, id: string) => callRuntime(db, berlin, 'forget', { actorRef, id });

  it('forgets a record at the actor’s scope (204), then answers 404', async () => {
    const { body } = await write({ actorRef: 'u1', key: 'forget-me', fact: 'A passing remark.' });
    expect((await forget('u1', body.record.id)).status).toBe(204);
    expect(await held('actor:u1', 'forget-me')).toBeNull();
    expect((await forget('u1', body.record.id)).status).toBe(404);
  });

  it('answers 404 for a record anywhere else, and leaves it alone', async () => {
    const others = await db.prisma.agentMemory.findMany({
      where: { scope: { in: ['actor:u2', 'tenant:berlin', 'global', 'actor:h1'] } },
      take: 4,
    });
    for (const record of others) {
      expect((await forget('u1', record.id)).status).toBe(404);
      expect(await db.prisma.agentMemory.findUnique({ where: { id: record.id } })).not.toBeNull();
    }
    expect((await forget('u1', 'not-an-id')).status).toBe(404);
  });

  it('refuses a person of another tenant with 403', async () => {
    const hana = await db.prisma.agentMemory.findFirstOrThrow({ where: { scope: 'actor:h1' } });
    expect((await forget('h1', hana.id)).status).toBe(403);
  });
});
