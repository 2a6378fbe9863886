// GET /api/runtime/changes (docs/runtime-api.md "Changes feed"): through the real route, every
// answer checked against the OpenAPI document. What a runtime relies on: every committed change
// of its organisation's memories and global's comes once the transactions before it have ended,
// in order, without text; other organisations' never; a cursor older than retention is refused
// (410) rather than silently skipping; and no change is skipped when writers commit out of order.
import pg from 'pg';
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, decodeChangeCursor } from '../../domain/change-feed';
import { callRuntime } from '../../testing/runtime-memories';
import { tokenSecret } from '../../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { testBackend } from '../../testing/test-database';
import { serviceContext } from '../context';
import { pruneMemoryChanges } from './prune-memory-changes';

const db = useSeededDatabase();

let berlin: string;
let hamburg: string;
let everyTenant: string;
let eventsOnly: string;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
  hamburg = (await tokenSecret(db, 'gina@example.com', 'hamburg', ['memories:read', 'memories:write'])).secret;
  everyTenant = (await tokenSecret(db, 'gina@example.com', null, ['metrics:read'])).secret;
  eventsOnly = (await tokenSecret(db, 'gina@example.com', 'berlin', ['events:write'])).secret;
});

interface Page {
  changes: { kind: string; id?: string; scope?: string; actorRef?: string; at: string }[];
  cursor: string;
  more: boolean;
}

async function changes(secret: string, query: Record<string, string> = {}): Promise<Page> {
  const { status, body } = await callRuntime(db, secret, 'changes', query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Page;
}

/**
 * Every change after `after`, page by page (at most `limit` each), and the cursor after the last.
 * A transaction running anywhere on the server holds the feed back until it ends (other test
 * files share it), so a caller expecting `atLeast` changes keeps following until they arrive.
 */
async function drain(
  secret: string,
  after: string,
  { limit = 500, atLeast = 0 }: { limit?: number; atLeast?: number } = {},
): Promise<{ all: Page['changes']; cursor: string; pages: number }> {
  const all: Page['changes'] = [];
  let cursor = after;
  const deadline = Date.now() + 15_000;
  for (let pages = 1; ; pages++) {
    const page = await changes(secret, { after: cursor, limit: String(limit) });
    all.push(...page.changes);
    // A cursor never moves backwards.
    expect(comparePositions(decodeChangeCursor(page.cursor)!, decodeChangeCursor(cursor)!)).toBeGreaterThanOrEqual(0);
    cursor = page.cursor;
    if (page.more) continue;
    if (all.length >= atLeast || Date.now() > deadline) return { all, cursor, pages };
    await delay(25);
  }
}

const write = (secret: string, actorRef: string, key: string, fact: string) =>
  callRuntime(db, secret, 'write', { actorRef, key, fact }).then(({ status, body }) => {
    expect(status, JSON.stringify(body)).toBe(200);
    return (body as { record: { id: string } }).record.id;
  });

describe('the feed of one organisation', () => {
  it('starts with no changes and a cursor, then lists creates, changes and deletes in order, without text', async () => {
    const start = await changes(berlin);
    expect(start).toEqual({ changes: [], cursor: expect.stringMatching(/^\d+\.\d+$/), more: false });
    const id = await write(berlin, 'u1', 'feed-coffee', 'Drinks coffee black.');
    await write(berlin, 'u1', 'feed-coffee', 'Drinks coffee with oat milk.');
    const forgotten = await callRuntime(db, berlin, 'forget', { actorRef: 'u1', id });
    expect(forgotten.status).toBe(204);

    const { all } = await drain(berlin, start.cursor, { atLeast: 3 });
    expect(all.map(({ kind, id: changed, scope }) => ({ kind, id: changed, scope }))).toEqual([
      { kind: 'created', id, scope: 'actor:u1' },
      { kind: 'changed', id, scope: 'actor:u1' },
      { kind: 'deleted', id, scope: 'actor:u1' },
    ]);
    expect(JSON.stringify(all)).not.toContain('coffee');
    expect(new Date(all[0]!.at).toString()).not.toBe('Invalid Date');
  });

  it('shows another organisation’s changes to no one but that organisation, and global’s to all', async () => {
    const berlinStart = (await changes(berlin)).cursor;
    const hamburgStart = (await changes(hamburg)).cursor;
    const inHamburg = await write(hamburg, 'h2', 'feed-shift', 'Works the early shift.');
    const globalFact = await db.prisma.agentMemory.create({
      data: { id: 'mem_feed_global', key: 'feed-policy', text: 'Be brief.', scope: 'global', author: 'human' },
    });
    const seenByBerlin = (await drain(berlin, berlinStart, { atLeast: 1 })).all.map((change) => change.id);
    const seenByHamburg = (await drain(hamburg, hamburgStart, { atLeast: 2 })).all.map((change) => change.id);
    expect(seenByBerlin).toEqual([globalFact.id]);
    expect(seenByHamburg).toEqual([inHamburg, globalFact.id]);
  });

  it('names a person whose groups changed, so the runtime resolves their scopes again', async () => {
    const start = (await changes(hamburg)).cursor;
    const jonas = await db.prisma.user.findUniqueOrThrow({ where: { email: 'jonas@example.com' } });
    await db.prisma.scopeMembership.deleteMany({ where: { userId: jonas.id } });
    const { all } = await drain(hamburg, start, { atLeast: 1 });
    expect(all.map(({ kind, actorRef }) => ({ kind, actorRef }))).toEqual([{ kind: 'membership', actorRef: 'h2' }]);
    expect((await drain(berlin, (await changes(berlin)).cursor)).all).toEqual([]);
  });

  it('pages without gaps or repeats: one change per page walks all of a bulk change', async () => {
    const start = (await changes(berlin)).cursor;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await write(berlin, 'u4', `feed-page-${i}`, `Fact ${i}.`));
    await db.prisma.agentMemory.deleteMany({ where: { id: { in: ids } } });
    const { all, pages } = await drain(berlin, start, { limit: 1, atLeast: 8 });
    expect(all.map((change) => `${change.kind} ${change.id}`)).toEqual([
      ...ids.map((id) => `created ${id}`),
      // One statement: its rows in id order.
      ...[...ids].sort().map((id) => `deleted ${id}`),
    ]);
    expect(pages).toBeGreaterThanOrEqual(8);
  });
});

describe('refusals', () => {
  it('refuses a cursor it did not give out, a bad limit and a repeated parameter with 400 naming the parameter', async () => {
    for (const [query, field] of [
      [{ after: 'yesterday' }, 'after'],
      [{ after: '1.2\u0000' }, 'after'],
      [{ after: '1.2', limit: '0' }, 'limit'],
      [{ after: '1.2', limit: '1001' }, 'limit'],
      [{ after: '1.2', limit: 'ten' }, 'limit'],
      [{ after: '1.2', since: 'now' }, 'since'],
    ] as const) {
      const { status, body } = await callRuntime(db, berlin, 'changes', query);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(body.error.message).toContain(field);
    }
    const repeated = await callRuntime(db, berlin, 'changes', '?after=1.2&after=3.4');
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.message).toContain('after');
  });

  it('refuses a token without memories:read, a token of every organisation, and no token', async () => {
    expect((await callRuntime(db, eventsOnly, 'changes', {})).status).toBe(403);
    const all = await callRuntime(db, everyTenant, 'changes', {});
    expect(all.status).toBe(403);
    expect((await callRuntime(db, null, 'changes', {})).status).toBe(401);
  });

  it('answers 410 to a cursor older than what retention deleted, and a new cursor follows again', async () => {
    const old = (await changes(berlin)).cursor;
    await write(berlin, 'u1', 'feed-old', 'Old news.');
    const later = serviceContext(db.prisma, { now: () => new Date(SEED_NOW.getTime() + 30 * 86_400_000) });
    expect((await pruneMemoryChanges({ ctx: later })).deleted).toBeGreaterThan(0);
    const gone = await callRuntime(db, berlin, 'changes', { after: old });
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('CURSOR_EXPIRED');
    const fresh = (await changes(berlin)).cursor;
    const id = await write(berlin, 'u1', 'feed-new', 'New news.');
    expect((await drain(berlin, fresh, { atLeast: 1 })).all.map((change) => change.id)).toEqual([id]);
  });
});

describe('writers that commit out of order', () => {
  // PGlite runs one transaction at a time: nothing can commit while another is open.
  it.skipIf(testBackend() !== 'postgres')(
    'holds back a later transaction’s change until an earlier one has ended, so the earlier is never skipped',
    async () => {
      const start = (await changes(berlin)).cursor;
      const target = await db.prisma.agentMemory.findFirstOrThrow({ where: { scope: 'actor:u1' }, orderBy: { key: 'asc' } });
      const early = new pg.Client({ connectionString: (db.target as { url: string }).url });
      await early.connect();
      try {
        await early.query('BEGIN');
        // The early writer takes its transaction id first …
        const updated = await early.query(`UPDATE "agent_memory" SET "text" = 'Early change.' WHERE "id" = $1`, [target.id]);
        expect(updated.rowCount).toBe(1);
        // … and a later one commits before it.
        const late = await write(berlin, 'u4', 'feed-late', 'Committed first.');
        const meanwhile = await drain(berlin, start);
        expect(meanwhile.all.map((change) => change.id)).not.toContain(late);
        await early.query('COMMIT');
        const after = await drain(berlin, meanwhile.cursor, { atLeast: 2 });
        expect(after.all.map((change) => change.id)).toEqual([target.id, late]);
      } finally {
        await early.end();
      }
    },
  );

  it('loses no committed change while many writers race a reader that follows the feed', async () => {
    const start = (await changes(berlin)).cursor;
    const written = new Set<string>();
    let cursor = start;
    const seen = new Set<string>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const page = await changes(berlin, { after: cursor, limit: '7' });
        for (const change of page.changes) seen.add(change.id!);
        cursor = page.cursor;
        await delay(1);
      }
    })();
    await Promise.all(
      Array.from({ length: 6 }, async (_, writer) => {
        for (let i = 0; i < 8; i++) {
          written.add(await write(berlin, 'u5', `feed-race-${writer}-${i}`, `Fact ${writer}.${i}.`));
          await delay(Math.floor(Math.random() * 4));
        }
      }),
    );
    writing = false;
    await reader;
    for (const change of (await drain(berlin, cursor, { atLeast: [...written].filter((id) => !seen.has(id)).length })).all)
      seen.add(change.id!);
    expect([...written].filter((id) => !seen.has(id))).toEqual([]);
  });
});
