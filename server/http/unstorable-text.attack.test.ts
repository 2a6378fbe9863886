// Text PostgreSQL cannot take (a NUL, a lone surrogate) in every string of the REST endpoints'
// requests: the runtime's memory API, its diagnostics, the read-back's threadId and the audit
// export's filters. Each is refused with 400 naming the field and changes nothing; before, a NUL
// reached the database and answered 500, and a lone surrogate in an event's runId did too. The
// fields come from the request schemas (server/testing/string-fields.ts), each put into an
// otherwise valid request, so a new field is covered the day it is added.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeUnstorableText } from '../domain';
import { RUNTIME_OPERATIONS, type RuntimeOperationName } from '../runtime/operations';
import { memoryResolvedSchema, memoryWrittenSchema } from '../services/diagnostics/runtime-event-schema';
import { callRuntime } from '../testing/runtime-memories';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { stringFields, UNSTORABLE_TEXTS, withTextAt } from '../testing/string-fields';
import { handleListAgentMemories } from './agent-memories';
import { handleAuditExport } from './audit-export';
import { RUNTIME_ROUTES } from './runtime-routes';

const db = useSeededDatabase();
let memories: string;
let events: string;
let facts: string;
let conclusionId: string;
let factId: string;

beforeAll(async () => {
  memories = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
  events = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
  facts = (await tokenSecret(db, 'gina@example.com', 'berlin', ['facts:write'])).secret;
  conclusionId = (await db.prisma.agentMemory.findFirstOrThrow({ where: { scope: 'actor:u1', author: 'agent' } })).id;
  factId = (await db.prisma.agentMemory.findFirstOrThrow({ where: { scope: 'tenant:berlin' } })).id;
});

/** A request each action answers with success, so a refusal can only come from the text put into it. */
// The changes feed takes no text but its cursor, refused whole when not one the console gave out
// (server/services/runtime/memory-changes.int.test.ts).
const VALID: Record<Exclude<RuntimeOperationName, 'events' | 'changes'>, () => Record<string, unknown>> = {
  list: () => ({ scopes: ['actor:u1', 'tenant:berlin', 'global'] }),
  resolveScopes: () => ({ actorRef: 'u1' }),
  write: () => ({ actorRef: 'u1', key: 'hostile-text', fact: 'Drinks tea.', threadId: 'thr_hostile', runId: 'run_hostile' }),
  forget: () => ({ actorRef: 'u1', id: conclusionId }),
  search: () => ({ scopes: ['actor:u1', 'tenant:berlin', 'global'], query: 'coffee', limit: 10 }),
  publishFact: () => ({ scope: 'tenant:berlin', key: 'hostile-text', text: 'Lunch is at noon.' }),
  editFact: () => ({ id: factId, text: 'Lunch is at noon.', expectedVersion: 1 }),
  pinFact: () => ({ id: factId, expectedVersion: 1 }),
  unpinFact: () => ({ id: factId, expectedVersion: 1 }),
  deleteFact: () => ({ id: factId, expectedVersion: 1 }),
};
const secretFor = (action: keyof typeof VALID) => (RUNTIME_OPERATIONS[action].permission === 'facts:write' ? facts : memories);

const memoryCases = (Object.keys(VALID) as (keyof typeof VALID)[]).flatMap((action) =>
  stringFields(RUNTIME_OPERATIONS[action].request)
    // A formatted string (the write's expiresAt, a date-time) is refused as malformed whatever text
    // it holds; runtime-memories-expiry.int.test.ts checks it.
    .filter((field) => !field.format)
    .map((field) => ({ action, path: field.path })),
);

const snapshot = async () => ({
  memories: await db.prisma.agentMemory.findMany({ orderBy: { id: 'asc' } }),
  audit: await db.prisma.auditEvent.count(),
  events: await db.prisma.runtimeEvent.count(),
});

describe.each(UNSTORABLE_TEXTS)('%s', (_what, text, reason) => {
  it.each(memoryCases.map((found) => [`${found.action}: ${found.path.join('.')}`, found] as const))(
    'POST to %s answers 400 naming the field and changes nothing',
    async (_label, { action, path }) => {
      const before = await snapshot();
      const { status, body } = await callRuntime(db, secretFor(action), action, withTextAt(VALID[action](), path, text));
      expect(status).toBe(400);
      expect(body.error.message).toContain(`${path.join('.')} ${describeUnstorableText(reason)}`);
      expect(await snapshot()).toEqual(before);
    },
  );

  const eventCases = [
    ...stringFields(memoryResolvedSchema).map((field) => ({ type: 'memory.resolved', ...field })),
    ...stringFields(memoryWrittenSchema).map((field) => ({ type: 'memory.written', ...field })),
  ];
  const validEvent = (type: string) =>
    type === 'memory.resolved'
      ? {
          type,
          at: SEED_NOW.toISOString(),
          tenantRef: 'berlin',
          runId: 'run_1',
          scopes: ['actor:u1', 'global'],
          offered: 3,
          omitted: 0,
          pinnedOmitted: 0,
          recalled: 1,
          promptChars: 400,
        }
      : { type, at: SEED_NOW.toISOString(), tenantRef: 'berlin', runId: 'run_1', scope: 'actor:u1', chars: 20 };

  it.each(eventCases.map((found) => [`${found.type}: ${found.path.join('.')}`, found] as const))(
    'POST /api/runtime/events with it in %s answers 400 naming the field and stores nothing',
    async (_label, { type, path, format }) => {
      const before = await snapshot();
      const response = await RUNTIME_ROUTES.events(
        bearer(events, { method: 'POST', body: JSON.stringify([validEvent(type), withTextAt(validEvent(type), path, text)]) }),
        { prisma: db.prisma, sql: db.pool, allowedOrigin: 'http://localhost', deps: { now: () => SEED_NOW } },
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { items: { index: number; field: string; message: string }[] } };
      // A formatted string (the time) refuses it as malformed; any other says what is wrong.
      const message = format ? expect.any(String) : expect.stringContaining(`${path.join('.')} ${describeUnstorableText(reason)}`);
      expect(body.error.items).toContainEqual(expect.objectContaining({ index: 1, message }));
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('a NUL in a query string', () => {
  it('GET /agent/memories?threadId=%00 answers 400 naming threadId', async () => {
    const response = await handleListAgentMemories(new Request('http://localhost/agent/memories?threadId=%00'), {
      session: await db.sessionOf('alice@example.com'),
      prisma: db.prisma,
      deps: { now: db.ctx.now },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'INVALID', message: `threadId ${describeUnstorableText('NUL')}` } });
  });

  it('GET /api/audit/export with a NUL in a filter answers 400 naming it', async () => {
    const response = await handleAuditExport(new Request('http://localhost/api/audit/export?format=csv&key=fiscal%00year'), {
      session: await db.sessionOf('bob@example.com'),
      prisma: db.prisma,
      deps: { now: db.ctx.now },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'INVALID', message: `key ${describeUnstorableText('NUL')}` } });
  });
});
