// The runtime list's kept answers (answer-cache.ts), on PGlite and PostgreSQL: a copy is handed out
// only while nothing changed at its scopes and no record there reached its expiry; every kind of
// change — a write, an edit, a mute, a pin, a delete, many rows at once, a truncate — and a clock
// past an expiry make the next answer the database's own; a change at a scope not read keeps the
// copy in use; and a change committed between the list's two statements, or racing many lists,
// is never hidden afterwards. After a change, the next answer reads only the records that changed
// and takes the others from the copy — unless too many changed, one changed again between its
// statements, the copy is an hour old, or an id cannot be read from the short statement — and is
// the database's own either way (docs/architecture.md "The runtime list's answer cache").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../db/generated/client';
import { readRunnerOf, type Database } from '../../db/open-database';
import { toRuntimeRecord } from '../../runtime/record-fields';
import { recordingRunner } from '../../testing/recording-runner';
import { createTestDatabase } from '../../testing/test-database';
import { serviceContext, type ServiceContext } from '../context';
import { ELEMENT_REUSE_LIMIT_MS, listRuntimeMemories, PATCH_LIMIT } from './list-runtime-memories';

const NOW = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));
const SCOPES = ['actor:u1', 'tenant:berlin', 'global'];
const SOON = new Date(NOW.getTime() + 60_000);

let db: Database;
let ids = 0;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.tenant.create({ data: { ref: 'berlin', name: 'Berlin' } });
  await db.prisma.user.create({ data: { id: 'usr_u1', email: 'u1@example.com', name: 'U One', actorRef: 'u1', tenantRef: 'berlin' } });
  await db.prisma.user.create({ data: { id: 'usr_u2', email: 'u2@example.com', name: 'U Two', actorRef: 'u2', tenantRef: 'berlin' } });
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.prisma.agentMemory.deleteMany({});
  await db.prisma.agentMemory.createMany({
    data: SCOPES.flatMap((scope) =>
      [1, 2, 3].map((n) => ({
        id: `mem_${(ids += 1)}`,
        key: `key-${n}`,
        text: `At ${scope}, number ${n}.`,
        scope,
        tenantRef: scope === 'global' ? null : 'berlin',
        author: 'human' as const,
        expiresAt: n === 3 && scope === 'actor:u1' ? SOON : null,
      })),
    ),
  });
});

/** A Prisma client that records its raw statements (and runs `before` ahead of each). */
function recordingPrisma(statements: string[], before?: (text: string) => Promise<void>): PrismaClient {
  return new Proxy(db.prisma, {
    get(target, property, receiver) {
      if (property === '$queryRaw') {
        const run = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          const text =
            (args[0] as { text?: string; strings?: readonly string[] }).text ?? (args[0] as { strings: string[] }).strings.join('?');
          await before?.(text);
          statements.push(text);
          return run.apply(target, args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * Fresh contexts — each with a cache of its own — that record their statements: through Prisma,
 * and on PostgreSQL through the driver's pool too. `before` runs ahead of every statement.
 */
function contexts(
  statements: string[],
  now: () => Date = () => NOW,
  before?: (text: string) => Promise<void>,
): ServiceContext<PrismaClient>[] {
  const pool = readRunnerOf(db);
  return [
    serviceContext(recordingPrisma(statements, before), { now }),
    ...(pool ? [serviceContext(db.prisma, { now, sql: recordingRunner(pool, statements, before) })] : []),
  ];
}

async function listed(ctx: ServiceContext<PrismaClient>, scopes: string[] = SCOPES): Promise<unknown> {
  const { records } = await listRuntimeMemories({ ctx, input: { tokenTenantRef: 'berlin', scopes } });
  const chunks: Uint8Array[] = [];
  for await (const piece of records()) chunks.push(piece);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** The records as the database holds them now, offered at `at`, mapped as the list writes them. */
async function current(at: Date = NOW, scopes: string[] = SCOPES): Promise<unknown> {
  const rows = await db.prisma.agentMemory.findMany({
    where: { scope: { in: scopes }, state: 'active', OR: [{ expiresAt: null }, { expiresAt: { gt: at } }] },
    orderBy: [{ key: 'asc' }, { scope: 'asc' }],
  });
  return JSON.parse(JSON.stringify(rows.map(toRuntimeRecord)));
}

const recordsStatement = (text: string) => text.includes('"agent_memory"') && !text.includes('"scope_version"');
/** The statement that reads every record's JSON (the answer read whole). */
const wholeRead = (text: string) => text.includes('AS "json"') && text.includes('ORDER BY m."key", m."scope"');
/** The statement that reads changed records by id. */
const byIdRead = (text: string) => text.includes('m."id" = ANY');

/** Lists through `ctx` until it keeps a copy, then returns the statements of a list after `change`. */
async function statementsAfter(
  ctx: ServiceContext<PrismaClient>,
  statements: string[],
  change: () => Promise<unknown>,
  at: Date = NOW,
): Promise<string[]> {
  await listed(ctx);
  await change();
  statements.length = 0;
  expect(await listed(ctx)).toEqual(await current(at));
  return [...statements];
}

/** Changes to the records at the scopes the list reads, each through Prisma as the services make them. */
const CHANGES: [string, () => Promise<unknown>][] = [
  [
    'a new record',
    () =>
      db.prisma.agentMemory.create({
        data: { id: `mem_${(ids += 1)}`, key: 'key-new', text: 'New.', scope: 'actor:u1', tenantRef: 'berlin', author: 'agent' },
      }),
  ],
  [
    'an edited text',
    () =>
      db.prisma.agentMemory.updateMany({
        where: { scope: 'tenant:berlin', key: 'key-1' },
        data: { text: 'Edited.', version: { increment: 1 } },
      }),
  ],
  [
    'a muted record',
    () => db.prisma.agentMemory.updateMany({ where: { scope: 'global', key: 'key-2' }, data: { state: 'muted', mutedAt: NOW } }),
  ],
  ['a pin', () => db.prisma.agentMemory.updateMany({ where: { scope: 'global', key: 'key-1' }, data: { pinned: true } })],
  ['a deleted record', () => db.prisma.agentMemory.deleteMany({ where: { scope: 'actor:u1', key: 'key-2' } })],
  ['a change to many records at once', () => db.prisma.agentMemory.updateMany({ where: { key: 'key-1' }, data: { text: 'All edited.' } })],
  [
    'an expiry set by hand',
    () => db.prisma.agentMemory.updateMany({ where: { scope: 'global', key: 'key-3' }, data: { expiresAt: new Date(NOW.getTime() - 1) } }),
  ],
  ['a truncated table', () => db.prisma.$executeRawUnsafe('TRUNCATE "agent_memory" CASCADE')],
];

describe('the runtime list’s kept answer', () => {
  it.each(CHANGES)('is not handed out after %s at a scope read', async (_name, change) => {
    const statements: string[] = [];
    const kinds = contexts(statements);
    const before = await current();
    for (const ctx of kinds) {
      expect(await listed(ctx)).toEqual(before);
      statements.length = 0;
      expect(await listed(ctx)).toEqual(before);
      expect(statements.filter(recordsStatement)).toHaveLength(0);
    }
    await change();
    const after = await current();
    expect(after).not.toEqual(before);
    for (const ctx of kinds) expect(await listed(ctx)).toEqual(after);
  });

  it('is handed out after a change at a scope it does not read', async () => {
    const statements: string[] = [];
    for (const ctx of contexts(statements)) {
      const before = await listed(ctx);
      await db.prisma.agentMemory.create({
        data: {
          id: `mem_${(ids += 1)}`,
          key: `key-other-${ids}`,
          text: 'Theirs.',
          scope: 'actor:u2',
          tenantRef: 'berlin',
          author: 'agent',
        },
      });
      statements.length = 0;
      expect(await listed(ctx)).toEqual(before);
      expect(statements.filter(recordsStatement)).toHaveLength(0);
    }
  });

  it('is not handed out once the clock reaches a record’s expiry, nor to a request with an earlier clock', async () => {
    let now = NOW;
    const statements: string[] = [];
    for (const ctx of contexts(statements, () => now)) {
      now = NOW;
      const first = await listed(ctx);
      expect(first).toEqual(await current(NOW));
      expect(JSON.stringify(first)).toContain('"key":"key-3","text":"At actor:u1, number 3."');
      now = new Date(SOON.getTime() - 1);
      statements.length = 0;
      expect(await listed(ctx)).toEqual(first);
      expect(statements.filter(recordsStatement)).toHaveLength(0);
      now = SOON;
      const after = await listed(ctx);
      expect(after).toEqual(await current(SOON));
      expect(JSON.stringify(after)).not.toContain('At actor:u1, number 3.');
      // A clock behind the copy's own (another instance's, or one set back) is answered afresh.
      now = NOW;
      expect(await listed(ctx)).toEqual(first);
    }
  });
});

describe('the runtime list racing a change', () => {
  it('shows a change committed between any two of the list’s statements, from then on', async () => {
    // Before each of the list's statements after its first, another transaction commits a change
    // at a scope it reads: a copy kept under versions read after its records would hide the last.
    let armed = false;
    let seen = 0;
    let changes = 0;
    const before = async (text: string) => {
      if (!armed || !(text.includes('"agent_memory"') || text.includes('"scope_version"'))) return;
      seen += 1;
      if (seen < 2) return;
      changes += 1;
      await db.prisma.agentMemory.updateMany({ where: { scope: 'actor:u1', key: 'key-1' }, data: { text: `Changed ${(ids += 1)}.` } });
    };
    for (const ctx of contexts([], () => NOW, before)) {
      armed = true;
      seen = 0;
      changes = 0;
      await listed(ctx);
      armed = false;
      expect(changes).toBeGreaterThan(0);
      expect(await listed(ctx)).toEqual(await current());
      expect(await listed(ctx)).toEqual(await current());
    }
  });

  it('never hides a committed change once the writes have ended, however they interleave with lists', async () => {
    for (const ctx of contexts([])) {
      const writes = Array.from({ length: 12 }, (_, i) => async () => {
        await db.prisma.agentMemory.updateMany({
          where: { scope: SCOPES[i % SCOPES.length], key: 'key-2' },
          data: { text: `Write ${i}.` },
        });
      });
      const lists = Array.from({ length: 12 }, () => () => listed(ctx));
      await Promise.all(writes.flatMap((write, i) => [write(), lists[i]!()]));
      expect(await listed(ctx)).toEqual(await current());
    }
  });
});

describe('the runtime list after a change', () => {
  it('reads only the records that changed, and takes the others from the copy', async () => {
    const statements: string[] = [];
    for (const ctx of contexts(statements)) {
      const seen = await statementsAfter(ctx, statements, () =>
        db.prisma.agentMemory.updateMany({ where: { scope: 'actor:u1', key: 'key-1' }, data: { text: `Edited ${(ids += 1)}.` } }),
      );
      expect(seen.filter(wholeRead)).toHaveLength(0);
      expect(seen.filter(byIdRead)).toHaveLength(1);
      // A record gone and one new: nothing to read by id for the first, one record for the second.
      const more = await statementsAfter(ctx, statements, async () => {
        await db.prisma.agentMemory.deleteMany({ where: { scope: 'global', key: 'key-2' } });
        await db.prisma.agentMemory.create({
          data: {
            id: `mem_${(ids += 1)}`,
            key: 'key-0',
            text: 'First by key.',
            scope: 'tenant:berlin',
            tenantRef: 'berlin',
            author: 'human',
          },
        });
      });
      expect(more.filter(wholeRead)).toHaveLength(0);
      expect(more.filter(byIdRead)).toHaveLength(1);
      // Only records gone: no record is read at all.
      const fewer = await statementsAfter(ctx, statements, () => db.prisma.agentMemory.deleteMany({ where: { key: 'key-0' } }));
      expect(fewer.filter(recordsStatement)).toHaveLength(1);
    }
  });

  it('reads the answer whole when more than PATCH_LIMIT records changed', async () => {
    await db.prisma.agentMemory.createMany({
      data: Array.from({ length: PATCH_LIMIT + 1 }, (_, n) => ({
        id: `mem_${(ids += 1)}`,
        key: `many-${String(n).padStart(3, '0')}`,
        text: `Many ${n}.`,
        scope: 'actor:u1',
        tenantRef: 'berlin',
        author: 'agent' as const,
      })),
    });
    const statements: string[] = [];
    for (const ctx of contexts(statements)) {
      const seen = await statementsAfter(ctx, statements, () =>
        db.prisma.agentMemory.updateMany({ where: { key: { startsWith: 'many-' } }, data: { text: `Changed ${(ids += 1)}.` } }),
      );
      expect(seen.filter(wholeRead)).toHaveLength(1);
      expect(seen.filter(byIdRead)).toHaveLength(0);
    }
  });

  it('reads the answer whole when a changed record changed again before it was read by id', async () => {
    let armed = false;
    const before = async (text: string) => {
      if (!armed || !byIdRead(text)) return;
      armed = false;
      await db.prisma.agentMemory.updateMany({ where: { scope: 'tenant:berlin', key: 'key-3' }, data: { text: `Again ${(ids += 1)}.` } });
    };
    const statements: string[] = [];
    for (const ctx of contexts(statements, () => NOW, before)) {
      await listed(ctx);
      await db.prisma.agentMemory.updateMany({ where: { scope: 'tenant:berlin', key: 'key-3' }, data: { text: `Once ${(ids += 1)}.` } });
      armed = true;
      statements.length = 0;
      const answer = await listed(ctx);
      expect(armed).toBe(false);
      expect(statements.filter(byIdRead)).toHaveLength(1);
      expect(statements.filter(wholeRead)).toHaveLength(1);
      expect(answer).toEqual(await current());
      expect(JSON.stringify(answer)).toContain('Again');
    }
  });

  it('reads the answer whole once the copy’s records were read an hour before', async () => {
    let now = NOW;
    const statements: string[] = [];
    for (const ctx of contexts(statements, () => now)) {
      now = NOW;
      await listed(ctx);
      now = new Date(NOW.getTime() + ELEMENT_REUSE_LIMIT_MS - 1);
      const within = await statementsAfter(
        ctx,
        statements,
        () => db.prisma.agentMemory.updateMany({ where: { scope: 'global', key: 'key-1' }, data: { text: `Edit ${(ids += 1)}.` } }),
        now,
      );
      expect(within.filter(wholeRead)).toHaveLength(0);
      // The copy made just now carries elements read at NOW: an hour on, they are not taken again.
      now = new Date(NOW.getTime() + ELEMENT_REUSE_LIMIT_MS);
      await db.prisma.agentMemory.updateMany({ where: { scope: 'global', key: 'key-1' }, data: { text: `Edit ${(ids += 1)}.` } });
      statements.length = 0;
      expect(await listed(ctx)).toEqual(await current(now));
      expect(statements.filter(wholeRead)).toHaveLength(1);
    }
  });

  it('answers records whose ids hold quotation marks, backslashes and the short statement’s separator', async () => {
    const odd = ['mem_"quoted"', 'mem_back\\slash', 'mem_sep\u001fid', 'mem_ünïcode'];
    await db.prisma.agentMemory.createMany({
      data: odd.map((id, n) => ({
        id,
        key: `odd-${n}`,
        text: `Odd ${n}.`,
        scope: 'actor:u1',
        tenantRef: 'berlin',
        author: 'agent' as const,
      })),
    });
    const statements: string[] = [];
    for (const ctx of contexts(statements)) {
      expect(await listed(ctx)).toEqual(await current());
      // The separator in an id: the short statement cannot be read, so the answer is read whole.
      const seen = await statementsAfter(ctx, statements, () =>
        db.prisma.agentMemory.updateMany({ where: { id: 'mem_"quoted"' }, data: { text: `Quoted ${(ids += 1)}.` } }),
      );
      expect(seen.filter(wholeRead)).toHaveLength(1);
      await db.prisma.agentMemory.deleteMany({ where: { id: 'mem_sep\u001fid' } });
      await listed(ctx);
      const without = await statementsAfter(ctx, statements, () =>
        db.prisma.agentMemory.updateMany({
          where: { id: { in: ['mem_"quoted"', 'mem_back\\slash'] } },
          data: { text: `Both ${(ids += 1)}.` },
        }),
      );
      expect(without.filter(wholeRead)).toHaveLength(0);
      expect(without.filter(byIdRead)).toHaveLength(1);
      await db.prisma.agentMemory.create({
        data: { id: 'mem_sep\u001fid', key: 'odd-2', text: 'Odd 2.', scope: 'actor:u1', tenantRef: 'berlin', author: 'agent' },
      });
    }
  });
});
