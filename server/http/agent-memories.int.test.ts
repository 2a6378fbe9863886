// The runtime client's REST contract (docs/runtime-api.md "REST endpoints for the runtime client"):
// GET /agent/memories and DELETE /agent/memories/:id, called through the Next-independent handlers
// against a real database.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMemoryAt, FORGET_RELATIONS, memoryExists, targetIdFor, type ForgetOutcome } from '../testing/forget-relations';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { handleForgetAgentMemory, handleListAgentMemories, type AgentMemoryJson } from './agent-memories';

const db = useSeededDatabase();

async function contextOf(email: string | null) {
  return { session: email ? await db.sessionOf(email) : null, prisma: db.prisma, deps: { now: db.ctx.now } };
}

async function list(email: string | null, query = ''): Promise<Response> {
  return handleListAgentMemories(new Request(`http://localhost/agent/memories${query}`), await contextOf(email));
}

async function listBody(email: string, query = ''): Promise<AgentMemoryJson[]> {
  const response = await list(email, query);
  expect(response.status).toBe(200);
  return (await response.json()) as AgentMemoryJson[];
}

const deleteOf = (id: string) => new Request(`http://localhost/agent/memories/${encodeURIComponent(id)}`, { method: 'DELETE' });

async function forget(email: string | null, id: string): Promise<Response> {
  return handleForgetAgentMemory(deleteOf(id), await contextOf(email), { id });
}

const STATUS: Record<ForgetOutcome, number> = { deleted: 204, not_found: 404, forbidden: 403, unauthorized: 401, invalid: 400 };
const ERROR_CODE: Record<Exclude<ForgetOutcome, 'deleted'>, string> = {
  not_found: 'NOT_FOUND',
  forbidden: 'FORBIDDEN',
  unauthorized: 'UNAUTHORIZED',
  invalid: 'INVALID',
};

describe('DELETE /agent/memories/:id', () => {
  it.each(FORGET_RELATIONS)('$relation → $expected', async (relation) => {
    const target = await targetIdFor(db, relation);
    if (target.created) onTestFinished(() => db.prisma.agentMemory.deleteMany({ where: { id: target.id } }).then(() => undefined));

    const response = await forget(relation.caller, target.id);

    expect(response.status).toBe(STATUS[relation.expected]);
    if (relation.expected === 'deleted') {
      expect(await response.text()).toBe('');
      expect(await memoryExists(db, target.id)).toBe(false);
      return;
    }
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: { code: string; message: string; reason?: string } };
    expect(body.error.code).toBe(ERROR_CODE[relation.expected]);
    expect(body.error.message).toEqual(expect.any(String));
    if (relation.expected === 'forbidden') expect(body.error.reason).toBe('HELD_AT_WIDER_SCOPE');
    if (relation.expected === 'invalid') expect(body.error.message).toBe('id must be at most 30 characters');
    // A refusal says nothing that tells a hidden record from a missing one.
    if (relation.expected === 'not_found') expect(body).toEqual({ error: { code: 'NOT_FOUND', message: body.error.message } });
    if (target.created) expect(await memoryExists(db, target.id)).toBe(true);
  });

  it('answers 404 the second time the same memory is deleted', async () => {
    const id = await createMemoryAt(db, 'actor:u1');
    expect((await forget('alice@example.com', id)).status).toBe(204);
    const second = await forget('alice@example.com', id);
    expect(second.status).toBe(404);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('answers 404 alike for a hidden record and a missing one, so nothing leaks', async () => {
    const hidden = await createMemoryAt(db, 'actor:u2');
    onTestFinished(() => db.prisma.agentMemory.deleteMany({ where: { id: hidden } }).then(() => undefined));
    const hiddenBody = await (await forget('alice@example.com', hidden)).json();
    const missingBody = await (await forget('alice@example.com', 'mem_01K0000000000000000000ZZZZ')).json();
    expect(hiddenBody).toEqual(missingBody);
  });

  it('answers 401 with a JSON body for a session whose user is gone or disabled', async () => {
    const id = await createMemoryAt(db, 'actor:h1');
    onTestFinished(() => db.prisma.agentMemory.deleteMany({ where: { id } }).then(() => undefined));
    const gone = await handleForgetAgentMemory(
      deleteOf(id),
      { session: { userId: 'usr_gone', sessionId: 'ses_gone' }, prisma: db.prisma },
      { id },
    );
    expect(gone.status).toBe(401);
    expect(await gone.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } });

    await db.prisma.user.update({ where: { email: 'hana@example.com' }, data: { disabled: true } });
    try {
      expect((await forget('hana@example.com', id)).status).toBe(401);
    } finally {
      await db.prisma.user.update({ where: { email: 'hana@example.com' }, data: { disabled: false } });
    }
    expect(await memoryExists(db, id)).toBe(true);
  });
});

describe('GET /agent/memories', () => {
  it('answers 401 with a JSON body when signed out', async () => {
    const response = await list(null);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } });
  });

  it('returns every visible record although there are more than the tenant’s maxMemories', async () => {
    const hamburg = await db.prisma.tenant.findUniqueOrThrow({ where: { ref: 'hamburg' } });
    expect(hamburg.maxMemories).toBe(5);

    const memories = await listBody('hana@example.com');

    expect(memories.length).toBeGreaterThan(hamburg.maxMemories);
    expect(memories.map((memory) => `${memory.scope} ${memory.key}`).sort()).toEqual([
      'actor:h1 forklift-licence',
      'actor:h1 shift',
      'depot:hh loading-dock',
      'depot:hh safety-briefing',
      'global fiscal-year',
      'global units',
      'tenant:hamburg escalation',
      'tenant:hamburg holiday-calendar',
      'tenant:hamburg reply-language',
      'tenant:hamburg working-hours',
    ]);
  });

  it('answers no-store JSON in exactly the contract’s shape, dates as ISO strings, overrides with beaten text and author', async () => {
    const response = await list('alice@example.com');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const memories = (await response.json()) as AgentMemoryJson[];
    const stored = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u1', key: 'fiscal-year' } } });

    expect(memories.filter((memory) => memory.key === 'fiscal-year')).toEqual([
      {
        id: stored.id,
        key: 'fiscal-year',
        text: 'They report on the calendar year.',
        scope: 'actor:u1',
        // Her own record is not pinned, but the global fiscal-year it overrides is: the key is always-on.
        pinned: true,
        origin: { author: 'agent', threadId: 'thr_q3_report', runId: 'run_demo_1', actorRef: 'u1' },
        updatedAt: SEED_NOW.toISOString(),
        overrides: [{ scope: 'global', text: 'The fiscal year starts in October.', author: 'human' }],
      },
    ]);
    for (const memory of memories) expect(new Date(memory.updatedAt).toISOString()).toBe(memory.updatedAt);
  });

  it('lists a person’s own statement without thread or run, and a published fact with its publisher', async () => {
    const memories = await listBody('alice@example.com');
    expect(memories.find((memory) => memory.key === 'team')?.origin).toEqual({ author: 'human', actorRef: 'u1' });
    expect(memories.find((memory) => memory.key === 'expense-limit')).toMatchObject({
      scope: 'tenant:berlin',
      origin: { author: 'human', actorRef: 'u2' },
      overrides: [],
    });
  });

  it('keeps only the memories that came from the given conversation', async () => {
    const fromReport = await listBody('alice@example.com', '?threadId=thr_q3_report');
    expect(fromReport.map((memory) => memory.key).sort()).toEqual(['fiscal-year', 'meeting-length']);
    expect(fromReport.every((memory) => memory.origin.threadId === 'thr_q3_report')).toBe(true);

    // Another person's conversation yields nothing of theirs.
    expect(await listBody('alice@example.com', '?threadId=thr_shift_plan')).toEqual([]);
    expect((await listBody('hana@example.com', '?threadId=thr_shift_plan')).map((memory) => memory.key)).toEqual(['shift']);
  });

  it('treats an empty threadId as no filter', async () => {
    expect(await listBody('alice@example.com', '?threadId=')).toEqual(await listBody('alice@example.com'));
  });

  it('lists a memory whose conversation was deleted instead of hiding it', async () => {
    const thread = await db.prisma.thread.findUniqueOrThrow({ where: { id: 'thr_hamburg_trip' } });
    expect(thread.deletedAt).not.toBeNull();

    const hotel = (await listBody('alice@example.com')).find((memory) => memory.key === 'hotel');
    expect(hotel).toMatchObject({
      text: 'Prefers hotels close to the main station.',
      scope: 'actor:u1',
      origin: { author: 'agent', threadId: 'thr_hamburg_trip', actorRef: 'u1' },
    });
    expect((await listBody('alice@example.com', '?threadId=thr_hamburg_trip')).map((memory) => memory.key)).toEqual(['hotel']);
  });

  it('no longer lists a memory once it is deleted over REST', async () => {
    const id = await createMemoryAt(db, 'actor:h1', 'Prefers the north gate.');
    expect((await listBody('hana@example.com')).some((memory) => memory.id === id)).toBe(true);
    expect((await forget('hana@example.com', id)).status).toBe(204);
    expect((await listBody('hana@example.com')).some((memory) => memory.id === id)).toBe(false);
  });
});
