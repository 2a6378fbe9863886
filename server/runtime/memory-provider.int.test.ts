// The client package's MemoryProvider, ScopeResolver and diagnostics bridge (packages/client) against
// the console's own route handlers, as the reference library uses them: the provider's contract from
// the library's description of its SPI — upsert on scope + key, forget answers a boolean, search
// filters to the scopes first and returns the pinned records whatever the query, precedence
// survives search — and diagnostics published on node:diagnostics_channel arriving as stored events.
import { channel } from 'node:diagnostics_channel';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createConsoleMemoryProvider,
  createConsoleScopeResolver,
  createRuntimeClient,
  PersonsOwnStatementError,
  startDiagnosticsBridge,
  type MemoryProvider,
  type RuntimeClient,
} from '../../packages/client/src/index';
import { contractFetch } from '../testing/runtime-contract';
import { tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';

const db = useSeededDatabase();
let client: RuntimeClient;
let provider: Required<MemoryProvider>;

const serve = contractFetch(() => ({
  prisma: db.prisma,
  sql: db.pool,
  allowedOrigin: 'http://console.test',
  deps: { now: () => SEED_NOW },
}));

beforeAll(async () => {
  const token = await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write', 'events:write']);
  client = createRuntimeClient({ baseUrl: 'http://console.test', token: token.secret, fetch: serve });
  provider = createConsoleMemoryProvider({ client, consoleUrl: 'https://memory.example.com/', now: () => SEED_NOW });
});

describe('the console as the reference library’s MemoryProvider', () => {
  it('is plain functions: the library calls them detached', async () => {
    const { list, search } = provider;
    expect((await list({ scopes: ['actor:u1'] })).length).toBeGreaterThan(0);
    expect(Array.isArray(await search({ scopes: ['actor:u1'], query: 'x', limit: 1 }))).toBe(true);
  });

  it('upserts on scope and key', async () => {
    const origin = { author: 'agent' as const, runId: 'run_p1' };
    const first = await provider.write({ key: 'lunch', text: 'Eats lunch at noon.', scope: 'actor:u1', origin });
    const second = await provider.write({ key: 'lunch', text: 'Eats lunch at one.', scope: 'actor:u1', origin });
    expect(second).toMatchObject({
      id: (first as { id: string }).id,
      text: 'Eats lunch at one.',
      origin: { author: 'agent', runId: 'run_p1', actorRef: 'u1' },
    });
    const records = (await provider.list({ scopes: ['actor:u1'] })).filter((record) => record.key === 'lunch');
    expect(records).toHaveLength(1);
    await expect(provider.write({ key: 'lunch', text: 'x', scope: 'tenant:berlin', origin })).rejects.toThrow(
      /only at a person's own scope/,
    );
  });

  it('forgets with a boolean, and names the console page for what the person stated', async () => {
    const written = (await provider.write({ key: 'coffee', text: 'Drinks it black.', scope: 'actor:u1', origin: { author: 'agent' } })) as {
      id: string;
    };
    expect(await provider.forget({ id: written.id, scope: 'actor:u1' })).toBe(true);
    expect(await provider.forget({ id: written.id, scope: 'actor:u1' })).toBe(false);
    expect(await provider.forget({ id: 'mem_unknown', actor: { id: 'u1' } })).toBe(false);
    const stated = (await provider.list({ scopes: ['actor:u1'] })).find((record) => record.origin.author === 'human');
    expect(stated).toBeDefined();
    const refusal = provider.forget({ id: stated!.id, scope: 'actor:u1' });
    await expect(refusal).rejects.toBeInstanceOf(PersonsOwnStatementError);
    await expect(refusal).rejects.toThrow('https://memory.example.com/memories');
    expect((await provider.list({ scopes: ['actor:u1'] })).map((record) => record.id)).toContain(stated!.id);
  });

  it('searches the scopes given only, and returns their pinned records whatever the query', async () => {
    const scopes = ['actor:u1', 'tenant:berlin', 'global'];
    const pinned = (await provider.list({ scopes })).filter((record) => record.pinned).map((record) => record.id);
    expect(pinned.length).toBeGreaterThan(0);
    for (const query of ['what is the fiscal year', 'zzqx nonsense', 'the']) {
      const found = await provider.search({ scopes, query, limit: 5 });
      expect(found.every((record) => scopes.includes(record.scope))).toBe(true);
      expect(found.map((record) => record.id)).toEqual(expect.arrayContaining(pinned));
    }
    // Hamburg's person's scope is not the token's: skipped, never read.
    const other = await provider.search({ scopes: ['actor:h1', 'global'], query: 'depot', limit: 50 });
    expect(other.every((record) => record.scope === 'global')).toBe(true);
  });

  it('keeps precedence through search: every record of a key comes back, the person’s before the wider one', async () => {
    await provider.write({
      key: 'fiscal-year',
      text: 'Counts the fiscal year from April.',
      scope: 'actor:u1',
      origin: { author: 'agent' },
    });
    const scopes = await createConsoleScopeResolver(client).resolve({ actor: { id: 'u1', tenantRef: 'berlin' } });
    expect(scopes).toEqual(['actor:u1', 'tenant:berlin', 'global']);
    const found = await provider.search({ scopes, query: 'when does the fiscal year start', limit: 3 });
    const ofKey = found.filter((record) => record.key === 'fiscal-year');
    expect(ofKey.map((record) => record.scope)).toContain('actor:u1');
    expect(ofKey.length).toBeGreaterThan(1);
    expect(found[0]!.key).toBe('fiscal-year');
  });
});

describe('the diagnostics bridge', () => {
  const envelope = (event: 'memory.resolved' | 'memory.written', payload: Record<string, unknown>) => ({
    v: 1,
    ts: new Date(SEED_NOW.getTime() - 1_000).toISOString(),
    lib: 'provider-test',
    event,
    payload,
  });

  it('forwards what the library publishes, in a batch, dated by ts', async () => {
    const bridge = startDiagnosticsBridge({ client, flushEveryMs: 60_000 });
    const before = await db.prisma.runtimeEvent.count();
    channel('aviary:agent:memory.resolved').publish(
      envelope('memory.resolved', {
        runId: 'run_b',
        scopes: 3,
        offered: 2,
        omitted: 0,
        pinnedOmitted: 0,
        recalled: false,
        promptChars: 100,
      }),
    );
    channel('aviary:agent:memory.written').publish(envelope('memory.written', { runId: 'run_b', scope: 'actor:u1', chars: 9 }));
    expect(bridge.stats()).toMatchObject({ buffered: 2, sent: 0 });
    await bridge.flush();
    bridge.close();
    expect(bridge.stats()).toMatchObject({ buffered: 0, sent: 2, dropped: 0 });
    expect(await db.prisma.runtimeEvent.count()).toBe(before + 2);
    expect(await db.prisma.runtimeEvent.count({ where: { runId: 'run_b', at: new Date(SEED_NOW.getTime() - 1_000) } })).toBe(2);
  });

  it('never blocks when the console is down: keeps a bounded buffer, drops and counts the rest, sends once it is back', async () => {
    let down = true;
    const flaky = createRuntimeClient({
      baseUrl: 'http://console.test',
      token: (await tokenSecret(db, 'gina@example.com', 'berlin', ['events:write'])).secret,
      fetch: (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : serve(input, init)),
    });
    const bridge = startDiagnosticsBridge({ client: flaky, maxBuffered: 3, flushEveryMs: 60_000, retryMs: 0 });
    const written = channel('aviary:agent:memory.written');
    for (let n = 0; n < 5; n++) written.publish(envelope('memory.written', { runId: `run_down_${n}`, scope: 'actor:u1', chars: n }));
    await bridge.flush();
    expect(bridge.stats()).toMatchObject({ buffered: 3, dropped: 2, sent: 0, failures: 1 });
    down = false;
    await bridge.flush();
    bridge.close();
    expect(bridge.stats()).toMatchObject({ buffered: 0, dropped: 2, sent: 3, failures: 0 });
    expect(await db.prisma.runtimeEvent.count({ where: { runId: { startsWith: 'run_down_' } } })).toBe(3);
  });

  it('drops and counts a batch the console refuses, without retrying it', async () => {
    const bridge = startDiagnosticsBridge({ client, flushEveryMs: 60_000 });
    channel('aviary:agent:memory.written').publish(envelope('memory.written', { scope: 'depot:hh', chars: 1 }));
    await bridge.flush();
    bridge.close();
    expect(bridge.stats()).toMatchObject({ buffered: 0, refused: 1, sent: 0 });
  });
});
