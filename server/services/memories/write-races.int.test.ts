// Saves that race each other, deletes and the per-person quota, driven from outside (tRPC
// createCaller as the browser's end user, REST DELETE as the runtime client) on a real database:
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set (see docs/testing.md "Running a part").
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it, onTestFinished } from 'vitest';
import { appRouter } from '../../api/root';
import { createContextInner } from '../../api/trpc';
import { DomainError } from '../../errors/domain-error';
import { handleForgetAgentMemory } from '../../http/agent-memories';
import { useSeededDatabase } from '../../testing/seeded-database';
import { writeMemory } from './write-memory';
import { agentWriter } from './writer';

const db = useSeededDatabase();

const ALICE = 'alice@example.com';
const CARLA = 'carla@example.com';
const DENIZ = 'deniz@example.com';

/** What one request answered, as an HTTP status, with the saved version or the refusal. */
type Outcome = { status: number; version?: number; text?: string; error?: TRPCError };

const STATUS_BY_TRPC_CODE: Partial<Record<TRPCError['code'], number>> = { CONFLICT: 409, NOT_FOUND: 404, BAD_REQUEST: 400 };

async function outcome(promise: Promise<{ version: number; text: string } | { id: string }>): Promise<Outcome> {
  try {
    const value = await promise;
    return 'version' in value ? { status: 200, version: value.version, text: value.text } : { status: 200 };
  } catch (error) {
    if (!(error instanceof TRPCError)) return { status: 500, error: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }) };
    return { status: STATUS_BY_TRPC_CODE[error.code] ?? 500, error };
  }
}

function statuses(outcomes: Outcome[]): number[] {
  return [...new Set(outcomes.map((o) => o.status))].sort();
}

/** Every refusal is a domain sentence: no Prisma code, class or SQL reaches the caller. */
function expectHumanErrors(outcomes: Outcome[]) {
  for (const { error } of outcomes) {
    if (!error) continue;
    expect(error.cause).toBeInstanceOf(DomainError);
    expect(error.message).not.toMatch(/prisma|P20\d\d|invocation|constraint|sql/i);
  }
}

async function savedVersions(memoryId: string): Promise<number[]> {
  const rows = await db.prisma.auditEvent.findMany({ where: { memoryId, action: 'memory.saved' } });
  return rows.map((row) => (row.after as { version: number }).version).sort((a, b) => a - b);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('parallel saves of one key', () => {
  it('give every 200 its own version, consecutive from 1, one audit row each; the rest are 409', async () => {
    const caller = await db.callerAs(ALICE);
    // Four saves for each of the ten connections PostgreSQL's pool holds: every connection waits
    // on the same row several times over, which is the race; more saves repeat the same waits.
    const n = 40;
    const outcomes = await Promise.all(
      range(1, n).map((i) => outcome(caller.memories.save({ key: 'race-plain', text: `Parallel statement ${i}.` }))),
    );

    expectHumanErrors(outcomes);
    expect(statuses(outcomes).every((status) => status === 200 || status === 409)).toBe(true);
    const wins = outcomes.filter((o) => o.status === 200);
    expect(wins.length).toBeGreaterThan(0);
    expect(wins.map((o) => o.version!).sort((a, b) => a - b)).toEqual(range(1, wins.length));

    const stored = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u1', key: 'race-plain' } } });
    expect(stored.version).toBe(wins.length);
    expect(stored.text).toBe(wins.find((o) => o.version === wins.length)!.text);
    expect(await savedVersions(stored.id)).toEqual(range(1, wins.length));
  }, 90_000); // 40 transactions one after another on PGlite; far longer on a busy machine

  it('with the same expectedVersion: exactly one 200 per round, every other a 409 carrying the winner', async () => {
    const caller = await db.callerAs(ALICE);
    const first = await caller.memories.save({ key: 'race-expected', text: 'Round zero.', expectedVersion: 0 });
    let version = first.version;

    for (let round = 1; round <= 6; round++) {
      const outcomes = await Promise.all(
        range(1, 12).map((i) =>
          outcome(caller.memories.save({ key: 'race-expected', text: `Round ${round}, writer ${i}.`, expectedVersion: version })),
        ),
      );

      expectHumanErrors(outcomes);
      const wins = outcomes.filter((o) => o.status === 200);
      expect(wins).toHaveLength(1);
      expect(wins[0]!.version).toBe(version + 1);
      const losers = outcomes.filter((o) => o.status !== 200);
      expect(losers).toHaveLength(11);
      for (const loser of losers) {
        expect(loser.status).toBe(409);
        expect((loser.error!.cause as DomainError).details.current).toMatchObject({ version: version + 1, text: wins[0]!.text });
      }
      version += 1;
    }
    expect(await savedVersions(first.id)).toEqual(range(1, version));
  });

  it('creating with expectedVersion 0 at once: exactly one 200, the others 409 with the created record', async () => {
    const caller = await db.callerAs(ALICE);
    const outcomes = await Promise.all(
      range(1, 15).map((i) => outcome(caller.memories.save({ key: 'race-create', text: `Creator ${i}.`, expectedVersion: 0 }))),
    );

    expectHumanErrors(outcomes);
    const wins = outcomes.filter((o) => o.status === 200);
    expect(wins).toHaveLength(1);
    expect(wins[0]!.version).toBe(1);
    for (const loser of outcomes.filter((o) => o.status !== 200)) {
      expect(loser.status).toBe(409);
      expect((loser.error!.cause as DomainError).details.current).toMatchObject({ key: 'race-create', version: 1, text: wins[0]!.text });
    }
    const stored = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u1', key: 'race-create' } } });
    expect(await savedVersions(stored.id)).toEqual([1]);
  });
});

describe('saves racing deletes', () => {
  it('answer only 200, 204, 404 or 409 over tRPC and REST, never a database error', async () => {
    const caller = await db.callerAs(ALICE);
    const aliceSession = await db.sessionOf(ALICE);
    const seen: Outcome[] = [];

    for (let round = 1; round <= 8; round++) {
      const saved = await caller.memories.save({ key: 'race-delete', text: `Round ${round} start.` });
      const restDelete = async (): Promise<Outcome> => {
        const request = new Request(`http://localhost/agent/memories/${saved.id}`, { method: 'DELETE' });
        const response = await handleForgetAgentMemory(
          request,
          { session: aliceSession, prisma: db.prisma, deps: { now: db.ctx.now } },
          { id: saved.id },
        );
        const body = response.status === 204 ? '' : await response.text();
        expect(body).not.toMatch(/prisma|P20\d\d|invocation/i);
        return { status: response.status };
      };
      const outcomes = await Promise.all([
        ...range(1, 10).map((i) => outcome(caller.memories.save({ key: 'race-delete', text: `Round ${round}, save ${i}.` }))),
        ...range(1, 4).map((i) =>
          outcome(caller.memories.save({ key: 'race-delete', text: `Round ${round}, checked ${i}.`, expectedVersion: saved.version })),
        ),
        ...range(1, 3).map(() => outcome(caller.memories.forget({ id: saved.id }))),
        ...range(1, 3).map(() => restDelete()),
      ]);
      expectHumanErrors(outcomes);
      seen.push(...outcomes);
    }

    expect(statuses(seen).filter((status) => ![200, 204, 404, 409].includes(status))).toEqual([]);
    // Whatever survived is one record whose version history has no gaps and no doubles.
    const survivor = await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'actor:u1', key: 'race-delete' } } });
    if (survivor) expect(await savedVersions(survivor.id)).toEqual(range(1, survivor.version));
  });
});

describe('per-person quota', () => {
  /** Sets Berlin's per-person limit for one test, restoring the default afterwards. */
  async function limitBerlinTo(limit: number) {
    await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemoriesPerPerson: limit } });
    onTestFinished(async () => {
      await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemoriesPerPerson: 500 } });
    });
  }

  const stated = (scope: string) => db.prisma.agentMemory.count({ where: { scope, author: 'human' } });

  function quotaDetails(o: Outcome) {
    expect(o.status).toBe(409);
    return (o.error!.cause as DomainError).details;
  }

  it('defaults to 500 for every tenant', async () => {
    const tenants = await db.prisma.tenant.findMany({ select: { maxMemoriesPerPerson: true } });
    expect(tenants.length).toBeGreaterThan(0);
    expect(tenants.every((tenant) => tenant.maxMemoriesPerPerson === 500)).toBe(true);
  });

  it('parallel creates never pass the limit; the rest get 409 QUOTA_EXCEEDED with held and limit', async () => {
    const held = await stated('actor:u4');
    await limitBerlinTo(held + 3);
    const caller = await db.callerAs(CARLA);
    const auditsBefore = await db.prisma.auditEvent.count();

    const outcomes = await Promise.all(range(1, 16).map((i) => outcome(caller.memories.save({ key: `quota-${i}`, text: `Fact ${i}.` }))));

    expectHumanErrors(outcomes);
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(3);
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(refused).toHaveLength(13);
    for (const o of refused) {
      expect(o.error!.code).toBe('CONFLICT');
      expect(quotaDetails(o)).toEqual({ reason: 'QUOTA_EXCEEDED', held: held + 3, limit: held + 3 });
      expect(o.error!.message).toBe(
        `You already hold ${held + 3} facts you stated; the limit is ${held + 3}. ` +
          'Delete some you no longer need, or ask your administrator to raise the limit, then save again.',
      );
    }
    expect(await stated('actor:u4')).toBe(held + 3);
    expect(await db.prisma.auditEvent.count()).toBe(auditsBefore + 3);
  });

  it('at the limit: editing an own fact still works, taking over a conclusion does not, deleting makes room', async () => {
    const caller = await db.callerAs(ALICE);
    await caller.memories.save({ key: 'quota-edit', text: 'First wording.' });
    await limitBerlinTo(await stated('actor:u1'));

    await expect(caller.memories.save({ key: 'quota-edit', text: 'Second wording.' })).resolves.toMatchObject({ version: 2 });

    // fiscal-year at Alice's scope is the assistant's conclusion: stating it would add a statement.
    const concluded = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u1', key: 'fiscal-year' } } });
    expect(concluded.author).toBe('agent');
    const takeOver = await outcome(caller.memories.save({ key: 'fiscal-year', text: 'We report on the fiscal year.' }));
    expect(quotaDetails(takeOver)).toMatchObject({ reason: 'QUOTA_EXCEEDED' });
    expect(await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: concluded.id } })).toEqual(concluded);

    const added = await outcome(caller.memories.save({ key: 'quota-new', text: 'One too many.' }));
    expect(quotaDetails(added).reason).toBe('QUOTA_EXCEEDED');
    expect(await db.prisma.agentMemory.count({ where: { scope: 'actor:u1', key: 'quota-new' } })).toBe(0);

    const edited = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u1', key: 'quota-edit' } } });
    await caller.memories.forget({ id: edited.id });
    await expect(caller.memories.save({ key: 'quota-new', text: 'Now there is room.' })).resolves.toMatchObject({ version: 1 });
  });

  it('counts the assistant’s conclusions apart from the person’s statements', async () => {
    const scope = 'actor:u5';
    const concluded = () => db.prisma.agentMemory.count({ where: { scope, author: 'agent' } });
    const limit = Math.max(await stated(scope), await concluded()) + 2;
    await limitBerlinTo(limit);
    const caller = await db.callerAs(DENIZ);
    const conclude = (key: string) =>
      writeMemory({
        ctx: db.ctx,
        input: {
          writer: agentWriter({ actorRef: 'u5', scopes: [scope] }),
          scope,
          key,
          text: 'Concluded by the assistant.',
        },
      });

    // Deniz fills the statements; the assistant's conclusions have room of their own.
    for (let i = await stated(scope); i < limit; i++) await caller.memories.save({ key: `quota-stated-${i}`, text: 'Stated.' });
    expect(quotaDetails(await outcome(caller.memories.save({ key: 'quota-stated-over', text: 'Stated.' })))).toEqual({
      reason: 'QUOTA_EXCEEDED',
      held: limit,
      limit,
    });
    for (let i = await concluded(); i < limit; i++) await conclude(`quota-concluded-${i}`);
    expect(await concluded()).toBe(limit);

    const refused = await conclude('quota-concluded-over').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).details).toEqual({ reason: 'QUOTA_EXCEEDED', held: limit, limit });
    expect((refused as DomainError).message).toContain('The assistant already holds');
    expect(await concluded()).toBe(limit);
  });

  it('reaches the browser as HTTP 409 with reason, held and limit in error.data.domain', async () => {
    const held = await stated('actor:u1');
    await limitBerlinTo(held);
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://localhost/api/trpc/memories.save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'quota-http', text: 'Over the limit.' }),
      }),
      router: appRouter,
      createContext: async () => createContextInner({ session: await db.sessionOf(ALICE), db: db.prisma, deps: { now: db.ctx.now } }),
    });

    expect(response.status).toBe(409);
    const body = ((await response.json()) as { error: { message: string; data: { code: string; domain: unknown } } }).error;
    expect(body.data.code).toBe('CONFLICT');
    expect(body.data.domain).toEqual({ code: 'CONFLICT', reason: 'QUOTA_EXCEEDED', held, limit: held });
    expect(body.message).toContain(`the limit is ${held}`);
  });
});
