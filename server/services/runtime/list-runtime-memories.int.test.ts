// The runtime's list on PGlite and PostgreSQL: the JSON the database writes is the answer the
// record mapping (toRuntimeRecord) wrote, member for member and in the same order, for texts that
// need escaping and every optional field set or not; and its shape — the records are one statement
// through the raw-SQL path, never a Prisma model read, so no row per record is parsed or mapped in
// this process (docs/benchmarks.md "runtime-api").
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../db/generated/client';
import { readRunnerOf, type Database } from '../../db/open-database';
import type { SqlRunner } from '../../db/sql-runner';
import { toRuntimeRecord } from '../../runtime/record-fields';
import { RUNTIME_OPERATIONS } from '../../runtime/operations';
import { recordingRunner } from '../../testing/recording-runner';
import { createTestDatabase } from '../../testing/test-database';
import { serviceContext, type ServiceContext } from '../context';
import { listRuntimeMemories } from './list-runtime-memories';

const NOW = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));
const SCOPES = ['actor:u1', 'tenant:berlin', 'global'];
const TOKEN = { id: 'tok_list', tenantRef: 'berlin', permissions: ['memories:read' as const] };

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.tenant.create({ data: { ref: 'berlin', name: 'Berlin' } });
  await db.prisma.user.create({ data: { id: 'usr_u1', email: 'u1@example.com', name: 'U One', actorRef: 'u1', tenantRef: 'berlin' } });
  const texts = [
    'Plain words.',
    'Quotes " and \\ backslashes, a tab\there, a line\nfeed and \u0001 a control character.',
    'Ünïcödé — “typographic” 😀 and </script>',
    "An apostrophe’s and a 'single' quote",
  ];
  await db.prisma.agentMemory.createMany({
    data: SCOPES.flatMap((scope, s) =>
      texts.map((text, t) => ({
        id: `mem_${s}_${t}`,
        key: t === 0 ? 'shared-key' : `key-${(t * 7 + s) % 10}-${s}`,
        text,
        scope,
        tenantRef: scope === 'global' ? null : 'berlin',
        author: t % 2 ? ('agent' as const) : ('human' as const),
        pinned: t === 1,
        version: t + 1,
        threadId: t === 2 ? 'thr_a' : t === 3 ? '' : null,
        runId: t === 1 ? 'run "1"' : null,
        updatedAt: new Date(Date.UTC(2026, 0, 1 + t, 10, 11, 12, 345 + s)),
        expiresAt: t === 2 ? new Date(Date.UTC(2027, 0, 1, 0, 0, 0, 1)) : null,
      })),
    ),
  });
  // Not offered: muted, or its expiry passed.
  await db.prisma.agentMemory.createMany({
    data: [
      { id: 'mem_muted', key: 'muted', text: 'Muted.', scope: 'global', author: 'human', state: 'muted' },
      { id: 'mem_past', key: 'past', text: 'Past.', scope: 'global', author: 'human', expiresAt: new Date(NOW.getTime() - 1) },
    ],
  });
});
afterAll(async () => {
  await db?.close();
});

/** The contexts the list runs in: Prisma's raw queries, and on PostgreSQL the driver's pool too. */
function contexts(prisma: PrismaClient = db.prisma, sql: SqlRunner | undefined = readRunnerOf(db)): ServiceContext<PrismaClient>[] {
  return [serviceContext(prisma, { now: () => NOW }), ...(sql ? [serviceContext(prisma, { now: () => NOW, sql })] : [])];
}

async function listAnswer(ctx: ServiceContext<PrismaClient>, input: { scopes: string[] } | { actorRef: string }): Promise<string> {
  const answer = await RUNTIME_OPERATIONS.list.serve({ ctx, token: TOKEN, input });
  expect(answer).toBeInstanceOf(Response);
  return (answer as Response).text();
}

/** What the list answered when it mapped Prisma's rows (toRuntimeRecord), as JSON text. */
async function mappedAnswer(scopes: string[], ignoredScopes: string[]): Promise<string> {
  const rows = await db.prisma.agentMemory.findMany({
    where: { scope: { in: scopes }, state: 'active', OR: [{ expiresAt: null }, { expiresAt: { gt: NOW } }] },
    orderBy: [{ key: 'asc' }, { scope: 'asc' }],
  });
  return JSON.stringify({ records: rows.map(toRuntimeRecord), scopes, ignoredScopes });
}

describe('the runtime list’s answer', () => {
  it('is the mapped records’ JSON, member for member and in order, with the scopes after them', async () => {
    for (const ctx of contexts()) {
      const text = await listAnswer(ctx, { scopes: [...SCOPES, 'tenant:hamburg'] });
      // The parts are separated by line feeds on the pool (white space to JSON): compare the values' text.
      expect(JSON.stringify(JSON.parse(text))).toBe(await mappedAnswer(SCOPES, ['tenant:hamburg']));
      const byActor = await listAnswer(ctx, { actorRef: 'u1' });
      expect(JSON.stringify(JSON.parse(byActor))).toBe(await mappedAnswer(SCOPES, []));
    }
  });

  it('answers no records when no scope is read', async () => {
    for (const ctx of contexts()) {
      expect(JSON.parse(await listAnswer(ctx, { scopes: ['tenant:hamburg'] }))).toEqual({
        records: [],
        scopes: [],
        ignoredScopes: ['tenant:hamburg'],
      });
    }
  });
});

/** A Prisma client whose `agentMemory` model throws, counting the raw statements it runs. */
function withoutMemoryModel(statements: string[]): PrismaClient {
  return new Proxy(db.prisma, {
    get(target, property, receiver) {
      if (property === 'agentMemory') throw new Error('The runtime list read agent_memory through the Prisma model API.');
      if (property === '$queryRaw' || property === '$queryRawUnsafe') {
        const run = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const [first] = args;
          statements.push(typeof first === 'string' ? first : ((first as { text?: string; strings?: string[] }).text ?? String(first)));
          return run.apply(target, args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

describe('the runtime list’s shape', () => {
  it('reads the scopes’ versions, then the records in one raw statement, never through the Prisma model API', async () => {
    const statements: string[] = [];
    const pool = readRunnerOf(db);
    for (const ctx of contexts(withoutMemoryModel(statements), pool && recordingRunner(pool, statements))) {
      statements.length = 0;
      // Only the organisation's own scope and global: nothing to check in the database.
      const { records } = await listRuntimeMemories({ ctx, input: { tokenTenantRef: 'berlin', scopes: ['tenant:berlin', 'global'] } });
      let pieces = 0;
      for await (const _piece of records()) pieces += 1;
      expect(pieces).toBeGreaterThan(0);
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/"scope_version"/);
      expect(statements[1]).toMatch(/"agent_memory"/);
      expect(statements[1]).not.toMatch(/"scope_version"/);
    }
  });

  it('reads a person’s records in one statement too (the scopes resolved first)', async () => {
    const statements: string[] = [];
    const pool = readRunnerOf(db);
    for (const ctx of contexts(withoutMemoryModel(statements), pool && recordingRunner(pool, statements))) {
      statements.length = 0;
      const { records, scopes } = await listRuntimeMemories({ ctx, input: { tokenTenantRef: 'berlin', actorRef: 'u1' } });
      expect(scopes).toEqual(SCOPES);
      for await (const _piece of records()) void _piece;
      expect(statements.filter((text) => text.includes('"agent_memory"') && !text.includes('"scope_version"'))).toHaveLength(1);
    }
  });

  it('asks only for the scopes’ versions when it is asked again and nothing changed', async () => {
    const statements: string[] = [];
    const pool = readRunnerOf(db);
    for (const ctx of contexts(withoutMemoryModel(statements), pool && recordingRunner(pool, statements))) {
      const input = { tokenTenantRef: 'berlin', scopes: ['tenant:berlin', 'global'] };
      const first = await listRuntimeMemories({ ctx, input });
      const firstText = await textOf(first.records({ before: '{"records":', after: '}' }));
      statements.length = 0;
      const again = await listRuntimeMemories({ ctx, input });
      expect(await textOf(again.records({ before: '{"records":', after: '}' }))).toBe(firstText);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/"scope_version"/);
    }
  });
});

describe('a kept answer to a client that takes Brotli', () => {
  // What the server's compression preload announces (server/startup/compress-responses.cjs).
  const ANNOUNCED = Symbol.for('memory-console.encoded-answer-header');
  const HEADER = 'x-memory-console-encoded';
  const announced = globalThis as Record<symbol, unknown>;
  beforeEach(() => {
    announced[ANNOUNCED] = HEADER;
  });
  afterEach(() => {
    delete announced[ANNOUNCED];
  });

  /** The list's answer to a client sending `acceptEncoding`: the coding it names for the preload, and its text, unpacked. */
  async function answered(ctx: ServiceContext<PrismaClient>, acceptEncoding: string | null) {
    const answer = await RUNTIME_OPERATIONS.list.serve({ ctx, token: TOKEN, input: { actorRef: 'u1' }, acceptEncoding });
    const response = answer as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    const encoding = response.headers.get(HEADER);
    expect(response.headers.get('content-encoding')).toBeNull();
    return { encoding, text: (encoding === 'br' ? brotliDecompressSync(bytes) : bytes).toString('utf8') };
  }

  it('is plain without the server’s compression preload (npm run dev), which alone can send it on', async () => {
    delete announced[ANNOUNCED];
    for (const ctx of contexts()) {
      const first = await answered(ctx, 'br');
      expect(await answered(ctx, 'br')).toEqual({ encoding: null, text: first.text });
    }
  });

  it('is the same answer in Brotli made once, only for a client that takes it, and a change is never hidden by it', async () => {
    for (const ctx of contexts()) {
      // A change first, so that no answer an earlier test kept is right.
      await db.prisma.agentMemory.update({ where: { id: 'mem_0_1' }, data: { version: { increment: 1 } } });
      // Made afresh (and kept once it is read to its end): compressed by the server as it is sent.
      const fresh = await answered(ctx, 'gzip, deflate, br');
      expect(fresh.encoding).toBeNull();
      // Handed out again: in Brotli, the same text.
      const kept = await answered(ctx, 'gzip, deflate, br');
      expect(kept).toEqual({ encoding: 'br', text: fresh.text });
      // A client that does not take Brotli gets the plain text for the server to compress.
      for (const other of ['gzip', 'br;q=0, gzip', null]) expect(await answered(ctx, other)).toEqual({ encoding: null, text: fresh.text });

      // A changed record: the next answer is the database's own again, then kept and compressed anew.
      await db.prisma.agentMemory.update({ where: { id: 'mem_0_0' }, data: { text: 'Changed for the Brotli copy.' } });
      try {
        const changed = await answered(ctx, 'br');
        expect(changed.encoding).toBeNull();
        expect(changed.text).toContain('Changed for the Brotli copy.');
        expect(await answered(ctx, 'br')).toEqual({ encoding: 'br', text: changed.text });
      } finally {
        await db.prisma.agentMemory.update({ where: { id: 'mem_0_0' }, data: { text: 'Plain words.' } });
      }
    }
  });
});

async function textOf(pieces: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const piece of pieces) chunks.push(piece);
  return Buffer.concat(chunks).toString('utf8');
}
