// The client package (packages/client, from its source) against the real handlers: every call goes
// through a fetch that serves the console's own handlers, and every answer is checked against the
// OpenAPI document, so the client's paths, bodies and types agree with what the document promises.
// client-package.int.test.ts does the same with the package as a runtime installs it.
import { beforeAll, describe, expect, it } from 'vitest';
import { contractFetch } from '../testing/runtime-contract';
import { tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { createRuntimeClient, RuntimeApiError, type RuntimeClient } from '../../packages/client/src/index';

const db = useSeededDatabase();
let client: RuntimeClient;

const serve = contractFetch(() => ({
  prisma: db.prisma,
  allowedOrigin: 'http://console.test',
  deps: { now: () => SEED_NOW },
}));

beforeAll(async () => {
  const token = await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write', 'events:write']);
  client = createRuntimeClient({ baseUrl: 'http://console.test', token: token.secret, fetch: serve });
});

describe('the runtime client', () => {
  it('writes, lists, searches and forgets with typed answers', async () => {
    const written = await client.write({ actorRef: 'u1', key: 'desk', fact: 'Sits at desk 14 by the window.' });
    expect(written).toMatchObject({ changed: true, record: { scope: 'actor:u1', author: 'agent', version: 1 } });
    const listed = await client.list({ scopes: ['actor:u1', 'tenant:berlin', 'global'] });
    expect(listed.records.map((record) => record.key)).toContain('desk');
    const found = await client.search({ scopes: ['actor:u1', 'global'], query: 'window desk', limit: 3 });
    expect(found.ranking).toEqual(['desk']);
    await client.forget({ actorRef: 'u1', id: written.record.id });
    expect((await client.list({ scopes: ['actor:u1'] })).records.map((record) => record.key)).not.toContain('desk');
  });

  it('sends diagnostics, flat and as the reference library’s envelope', async () => {
    const event = { type: 'memory.written' as const, at: SEED_NOW.toISOString(), tenantRef: 'berlin', scope: 'actor:u1', chars: 20 };
    const envelope = {
      v: 1 as const,
      ts: SEED_NOW.getTime(),
      lib: 'test',
      event: 'memory.resolved' as const,
      payload: { scopes: 3, offered: 2, omitted: 0, pinnedOmitted: 0, recalled: true, promptChars: 300 },
    };
    expect(await client.sendEvents([event, envelope], { idempotencyKey: 'client-test-1' })).toEqual({
      accepted: 2,
      resolved: 1,
      written: 1,
    });
  });

  it('resolves a person’s scopes and follows the changes feed', async () => {
    expect(await client.resolveScopes({ actorRef: 'u1' })).toMatchObject({
      actorRef: 'u1',
      scopes: ['actor:u1', 'tenant:berlin', 'global'],
    });
    const start = await client.changes();
    await client.write({ actorRef: 'u1', key: 'parking', fact: 'Parks in bay 3.' });
    // A transaction running anywhere on the server (other test files share it) holds the feed back
    // until it ends, so the test follows the feed as a runtime would until the change arrives.
    const seen: Awaited<ReturnType<RuntimeClient['changes']>>['changes'] = [];
    let cursor = start.cursor;
    for (const deadline = Date.now() + 15_000; seen.length === 0 && Date.now() < deadline;) {
      const page = await client.changes({ after: cursor, limit: 10 });
      seen.push(...page.changes);
      cursor = page.cursor;
      if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toContainEqual(expect.objectContaining({ kind: 'created', scope: 'actor:u1' }));
  });

  it('throws the server’s refusal with its status, code and reason', async () => {
    const refusal = client.list({ actorRef: 'h1' });
    await expect(refusal).rejects.toBeInstanceOf(RuntimeApiError);
    await expect(refusal).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'ACTOR_OUTSIDE_TENANT' });
    await expect(client.write({ actorRef: 'u1', key: 'team', fact: 'Works in sales.' })).rejects.toMatchObject({
      status: 409,
      reason: 'REPLACES_OWN_STATEMENT',
    });
  });

  it('publishes, edits, pins, unpins and deletes facts with a facts:write token, with the conflict’s numbers', async () => {
    const { secret } = await tokenSecret(db, 'gina@example.com', 'hamburg', ['facts:write']);
    const facts = createRuntimeClient({ baseUrl: 'http://console.test', token: secret, fetch: serve });
    const { record } = await facts.publishFact({ scope: 'depot:hh', key: 'badge', text: 'Wear your badge at the gate.' });
    expect(record).toMatchObject({ scope: 'depot:hh', author: 'human', version: 1 });
    const edited = await facts.editFact({ id: record.id, text: 'Wear your badge at all times.', expectedVersion: 1 });
    await expect(facts.editFact({ id: record.id, text: 'Stale.', expectedVersion: 1 })).rejects.toMatchObject({
      status: 409,
      currentVersion: 2,
    });
    const over = await facts.pinFact({ id: record.id, expectedVersion: edited.record.version }).catch((error: unknown) => error);
    expect(over).toMatchObject({ status: 409, reason: 'PIN_OVER_BUDGET' });
    const peopleOver = (over as RuntimeApiError).peopleOver;
    expect(peopleOver).toBeGreaterThan(0);
    const pinned = await facts.pinFact({ id: record.id, expectedVersion: 2, confirmOmissions: peopleOver });
    const unpinned = await facts.unpinFact({ id: record.id, expectedVersion: pinned.record.version });
    expect(unpinned.record.pinned).toBe(false);
    await facts.deleteFact({ id: record.id, expectedVersion: unpinned.record.version });
    await expect(facts.deleteFact({ id: record.id, expectedVersion: unpinned.record.version })).rejects.toMatchObject({ status: 404 });
  });
});
