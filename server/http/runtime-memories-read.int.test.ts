// POST /api/runtime/memories/list and /search (docs/runtime-api.md "The runtime's memory API") on a
// real database: tenant binding, search filtering to the scopes before ranking, conflicting keys
// and pinned records. Every answer is checked against the OpenAPI document (callRuntime).
import { beforeAll, describe, expect, it } from 'vitest';
import { readRunnerOf } from '../db/open-database';
import { recordingRunner } from '../testing/recording-runner';
import { callRuntime } from '../testing/runtime-memories';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { testBackend } from '../testing/test-database';
import { RUNTIME_ROUTES } from './runtime-routes';

const db = useSeededDatabase();
let berlin: string;
let berlinEventsOnly: string;
let hamburg: string;
const BERLIN_SCOPES = ['actor:u1', 'tenant:berlin', 'global'];
const EXACT = 'zebra crossing inspection rota';

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
  berlinEventsOnly = (await tokenSecret(db, 'gina@example.com', 'berlin', ['events:write'])).secret;
  hamburg = (await tokenSecret(db, 'gina@example.com', 'hamburg', ['memories:read', 'memories:write'])).secret;
  // The best match for EXACT lives in another tenant; Berlin only holds a weaker one.
  expect((await callRuntime(db, hamburg, 'write', { actorRef: 'h1', key: 'rota', fact: EXACT })).status).toBe(200);
  expect(
    (await callRuntime(db, berlin, 'write', { actorRef: 'u1', key: 'rota', fact: 'The zebra crossing inspection rota is on the wiki.' }))
      .status,
  ).toBe(200);
  expect((await callRuntime(db, berlin, 'write', { actorRef: 'u1', key: 'zebra', fact: 'Asked once about a zebra.' })).status).toBe(200);
  // The actor half of a key that global also holds (global: "Report distances in kilometres.").
  expect((await callRuntime(db, berlin, 'write', { actorRef: 'u1', key: 'units', fact: 'Prefers miles.' })).status).toBe(200);
});

describe('POST /api/runtime/memories/list', () => {
  it('returns every record at the scopes of the token’s tenant and global', async () => {
    const { status, body } = await callRuntime(db, berlin, 'list', { scopes: BERLIN_SCOPES });
    expect(status).toBe(200);
    const expected = await db.prisma.agentMemory.findMany({ where: { scope: { in: BERLIN_SCOPES } } });
    expect(body.records.map((record: { id: string }) => record.id).sort()).toEqual(expected.map((record) => record.id).sort());
    expect(
      body.records.find((record: { key: string; scope: string }) => record.key === 'units' && record.scope === 'actor:u1'),
    ).toMatchObject({ text: 'Prefers miles.', author: 'agent', version: 1, pinned: false });
  });

  it.each([
    ['another tenant’s organisation scope', 'tenant:hamburg'],
    ['a person of another tenant', 'actor:h1'],
    ['a custom scope of another tenant', 'depot:hh'],
    ['a scope that does not exist', 'depot:nowhere'],
  ])('skips %s, names it in ignoredScopes and answers the rest, nothing of it', async (_case, foreign) => {
    const { status, body } = await callRuntime(db, berlin, 'list', { scopes: ['tenant:berlin', foreign] });
    expect(status).toBe(200);
    expect(body.ignoredScopes).toEqual([foreign]);
    expect(body.scopes).toEqual(['tenant:berlin']);
    const expected = await db.prisma.agentMemory.findMany({ where: { scope: 'tenant:berlin' } });
    expect(body.records.map((record: { id: string }) => record.id).sort()).toEqual(expected.map((record) => record.id).sort());
  });

  it('answers the same for a scope of another organisation and one that exists nowhere', async () => {
    const elsewhere = await callRuntime(db, berlin, 'list', { scopes: ['depot:hh'] });
    const nowhere = await callRuntime(db, berlin, 'list', { scopes: ['depot:nowhere'] });
    expect(elsewhere.body).toEqual({ records: [], scopes: [], ignoredScopes: ['depot:hh'] });
    expect(nowhere.body).toEqual({ records: [], scopes: [], ignoredScopes: ['depot:nowhere'] });
  });

  it('reads a person’s own scopes given by actorRef, in precedence order', async () => {
    const { status, body } = await callRuntime(db, hamburg, 'list', { actorRef: 'h1' });
    expect(status).toBe(200);
    expect(body.scopes).toEqual(['actor:h1', 'depot:hh', 'tenant:hamburg', 'global']);
    const resolved = await callRuntime(db, hamburg, 'resolveScopes', { actorRef: 'h1' });
    expect(resolved.body).toEqual({ actorRef: 'h1', scopes: body.scopes, maxMemories: 5, maxFactChars: expect.any(Number) });
    for (const record of body.records) expect(body.scopes).toContain(record.scope);
  });

  it('refuses a person of another organisation given by actorRef with 403, and both or neither of scopes and actorRef with 400', async () => {
    for (const action of ['list', 'resolveScopes'] as const) {
      const other = await callRuntime(db, berlin, action, { actorRef: 'h1' });
      expect(other.status).toBe(403);
      expect(other.body.error.reason).toBe('ACTOR_OUTSIDE_TENANT');
    }
    expect((await callRuntime(db, berlin, 'list', { actorRef: 'u1', scopes: ['global'] })).status).toBe(400);
    expect((await callRuntime(db, berlin, 'list', {})).status).toBe(400);
  });

  it('answers 401 without a token and 403 for a token without memories:read', async () => {
    expect((await callRuntime(db, null, 'list', { scopes: ['global'] })).status).toBe(401);
    const refused = await callRuntime(db, berlinEventsOnly, 'list', { scopes: ['global'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('memories:read');
  });

  it('refuses unknown fields and oversize input with 400 naming the field', async () => {
    const unknown = await callRuntime(db, berlin, 'list', { scopes: ['global'], tenant: 'hamburg' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('tenant');
    const tooMany = await callRuntime(db, berlin, 'list', { scopes: Array.from({ length: 51 }, () => 'global') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/scopes: .*50/);
    expect((await callRuntime(db, berlin, 'list', '{not json')).status).toBe(400);
  });
});

// PGlite has one in-process connection: no pool, no prepared names.
describe.skipIf(testBackend() !== 'postgres')('a runtime’s turn on the driver’s pool (PostgreSQL)', () => {
  it('asks three statements when nothing changed since its last list, each kept prepared where the pool mode allows', async () => {
    const pool = readRunnerOf(db)!;
    const texts: string[] = [];
    const names: (string | undefined)[] = [];
    // One runner for both requests, as a server has one pool: the kept answer is the pool's.
    const sql = recordingRunner(pool, texts, undefined, names);
    const list = () =>
      RUNTIME_ROUTES.list(
        bearer(berlin, {
          url: 'http://localhost/api/runtime/memories/list',
          method: 'POST',
          body: JSON.stringify({ scopes: BERLIN_SCOPES }),
        }),
        { prisma: db.prisma, sql, allowedOrigin: 'http://localhost', deps: { now: () => SEED_NOW } },
      );
    const first = await list();
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    texts.length = 0;
    names.length = 0;
    const second = await list();
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    // The token, the scopes the organisation holds, and the scopes' versions: no records statement.
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('"api_token"');
    expect(texts[1]).toContain('"scope_definition"');
    expect(texts[2]).toContain('"scope_version"');
    expect(names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
  });
});

describe('POST /api/runtime/memories/search', () => {
  const search = (query: string, limit = 5, scopes = BERLIN_SCOPES) => callRuntime(db, berlin, 'search', { scopes, query, limit });

  it('never returns a record outside the scopes, even the best match', async () => {
    const { status, body } = await search(EXACT);
    expect(status).toBe(200);
    expect(body.records.every((record: { scope: string }) => BERLIN_SCOPES.includes(record.scope))).toBe(true);
    expect(body.records.some((record: { text: string }) => record.text === EXACT)).toBe(false);
    expect(body.ranking[0]).toBe('rota');
  });

  it('ranks keys by relevance and keeps the best `limit` of them', async () => {
    const { body } = await search('zebra OR rota OR inspection', 1);
    expect(body.ranking).toEqual(['rota']);
    expect(body.records.some((record: { key: string }) => record.key === 'zebra')).toBe(false);
    expect((await search('zebra OR rota OR inspection', 2)).body.ranking).toEqual(['rota', 'zebra']);
  });

  it('returns the actor half of a conflicting key when the query hits the global half', async () => {
    const { body } = await search('kilometres');
    expect(body.ranking).toEqual(['units']);
    const units = body.records.filter((record: { key: string }) => record.key === 'units');
    expect(units.map((record: { scope: string }) => record.scope).sort()).toEqual(['actor:u1', 'global']);
  });

  it('returns every pinned record at the scopes whatever the query', async () => {
    const pinned = await db.prisma.agentMemory.findMany({ where: { scope: { in: BERLIN_SCOPES }, pinned: true } });
    expect(pinned.length).toBeGreaterThan(0);
    const { body } = await search('nothing matches this at all');
    expect(body.ranking).toEqual([]);
    expect(body.records.map((record: { id: string }) => record.id).sort()).toEqual(pinned.map((record) => record.id).sort());
  });

  it('skips a scope of another tenant before ranking: its best match is never ranked or returned', async () => {
    const { status, body } = await search(EXACT, 5, ['actor:u1', 'actor:h1']);
    expect(status).toBe(200);
    expect(body.ignoredScopes).toEqual(['actor:h1']);
    expect(body.records.every((record: { scope: string }) => record.scope === 'actor:u1')).toBe(true);
  });

  it('takes limit 0 as no limit of the caller’s own', async () => {
    const { status, body } = await search('the wiki rota zebra', 0);
    expect(status).toBe(200);
    expect(body.ranking.length).toBeGreaterThan(0);
  });

  it('refuses a limit above 200 and an empty query with 400', async () => {
    expect((await search('rota', 201)).status).toBe(400);
    expect((await search('', 5)).status).toBe(400);
  });
});
