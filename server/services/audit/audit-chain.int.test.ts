// The audit log's hash chain from outside: rows written by the services link up per tenant,
// concurrent writers never fork a chain, and rows chained by the migration verify. A log edited
// by a superuser is audit-verify.int.test.ts's (it runs `npm run audit:verify`, so it is a file of
// its own that the other worker can run alongside this one).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH } from '../../domain';
import { applyMigrations, pendingMigrations, readMigrations } from '../../db/migrate';
import { type Database, openDatabase } from '../../db/open-database';
import { pgliteRunner, pgRunner } from '../../db/sql-runner';
import { appendAudit, auditChainRows, auditEntry } from '../../testing/audit-fixtures';
import { useSeededDatabase } from '../../testing/seeded-database';
import { createEmptyDatabase } from '../../testing/test-database';
import { serviceContext } from '../context';
import { auditHash } from './audit-hash';
import { verifyAuditLog } from './verify-audit-log';

const ALICE = 'alice@example.com';

describe('recordAudit', () => {
  const db = useSeededDatabase();

  it('links each tenant’s rows: seq 1, 2, 3…, each naming the previous row’s hash over its own content', async () => {
    const alice = await db.callerAs(ALICE);
    const saved = await alice.memories.save({ key: 'coffee', text: 'Black, no sugar.' });
    await alice.memories.forget({ id: saved.id });
    await appendAudit(db.ctx, auditEntry(null, 1));

    const rows = await db.prisma.auditEvent.findMany({ orderBy: [{ chain: 'asc' }, { seq: 'asc' }] });
    const chains = [...new Set(rows.map((row) => row.chain))];
    expect(chains).toEqual(expect.arrayContaining(['global', 'tenant:berlin']));
    for (const chain of chains) {
      const links = rows.filter((row) => row.chain === chain);
      expect(links.every((row) => row.chain === (row.tenantRef === null ? 'global' : `tenant:${row.tenantRef}`))).toBe(true);
      expect(links.map((row) => row.seq)).toEqual(links.map((_, index) => index + 1));
      expect(links.map((row) => row.prevHash)).toEqual([GENESIS_HASH, ...links.slice(0, -1).map((row) => row.hash)]);
      for (const row of links) {
        expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(auditHash({ ...row, before: row.before as never, after: row.after as never })).toBe(row.hash);
      }
    }
    const berlin = rows.filter((row) => row.chain === 'tenant:berlin');
    expect(berlin.at(-1)).toMatchObject({ action: 'memory.forgotten', memoryId: saved.id });

    const verified = await verifyAuditLog({ ctx: serviceContext(db.prisma) });
    expect(verified.breaks).toEqual([]);
    expect(verified.rows).toBe(rows.length);
    expect(verified.chains.map((head) => head.chain)).toEqual([...chains].sort());
    expect(verified.chains.find((head) => head.chain === 'tenant:berlin')).toEqual({
      chain: 'tenant:berlin',
      rows: berlin.length,
      seq: berlin.length,
      hash: berlin.at(-1)!.hash,
    });
  });

  it('never forks a chain under concurrent appends: seq stays unique and gapless and the log verifies', async () => {
    const before = await auditChainRows(db, 'tenant:race');
    expect(before).toEqual([]);
    const writers = 24;
    // All 24 wait for a connection at once (PGlite has one, the pool ten): the runner gives each
    // ten seconds to start, not Prisma's default of two.
    await Promise.all(Array.from({ length: writers }, (_, n) => appendAudit(db.ctx, auditEntry('race', n))));
    // People saving at once through the API too, on Berlin's chain.
    const alice = await db.callerAs(ALICE);
    const berlinBefore = (await auditChainRows(db, 'tenant:berlin')).length;
    await Promise.all(Array.from({ length: 8 }, (_, n) => alice.memories.save({ key: `race-${n}`, text: `Fact ${n}.` })));

    const race = await auditChainRows(db, 'tenant:race');
    expect(race.map((row) => row.seq)).toEqual(Array.from({ length: writers }, (_, n) => n + 1));
    expect(new Set(race.map((row) => row.memoryId)).size).toBe(writers);
    const berlin = await auditChainRows(db, 'tenant:berlin');
    expect(berlin.map((row) => row.seq)).toEqual(berlin.map((_, index) => index + 1));
    expect(berlin.length).toBe(berlinBefore + 8);
    expect((await verifyAuditLog({ ctx: serviceContext(db.prisma) })).breaks).toEqual([]);
  });

  it('refuses a second row with a seq its chain already has', async () => {
    const [first] = await auditChainRows(db, 'tenant:race');
    await expect(
      db.prisma.auditEvent.create({
        data: { ...first!, id: 'aud_forged', before: undefined, after: undefined },
      }),
    ).rejects.toThrow(/Unique constraint/);
  });
});

describe('the migration that chained the rows written before it', () => {
  it('gives existing rows seq and hashes in time order that verify like rows the console writes', async () => {
    const empty = await createEmptyDatabase();
    const all = readMigrations();
    const chainIndex = all.findIndex((m) => m.name.endsWith('_audit_chain'));
    let db: Database | undefined;
    let client: pg.Client | undefined;
    try {
      if (empty.url) {
        client = new pg.Client({ connectionString: empty.url });
        await client.connect();
      }
      const sql = empty.pglite ? pgliteRunner(empty.pglite) : pgRunner(client!);
      await applyMigrations(sql, all.slice(0, chainIndex));
      const insert = `INSERT INTO "audit_event" ("id", "at", "userId", "actorRef", "action", "scope", "tenantRef", "memoryId", "key", "before", "after")
                      VALUES ($1, $2, $3, 'u1', 'memory.saved', $4, $5, $6, $7, $8, $9)`;
      const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 8, 0, second, 123));
      // Inserted out of time order, across two chains, with every kind of content.
      await sql.query(insert, [
        'aud_c',
        at(3),
        'usr_1',
        'tenant:berlin',
        'berlin',
        'mem_3',
        'k',
        null,
        JSON.stringify({ version: 2, text: 'Tab\there, "quoted" é ✓' }),
      ]);
      await sql.query(insert, [
        'aud_a',
        at(1),
        null,
        'actor:u1',
        'berlin',
        'mem_1',
        null,
        JSON.stringify({ version: 1 }),
        JSON.stringify({ ab: [1, 2.5, true, null], b: {}, author: 'human' }),
      ]);
      await sql.query(insert, ['aud_b', at(2), 'usr_2', 'global', null, null, 'policy', null, null]);
      await sql.query(insert, [
        'aud_d',
        at(1),
        'usr_1',
        'actor:u9',
        'hamburg',
        'mem_9',
        null,
        null,
        JSON.stringify({ memoryIds: ['mem_1', 'mem_2'], deleted: 2 }),
      ]);
      // What `npm run audit:verify` checks before reading (it never migrates).
      expect(await pendingMigrations(sql, all)).toEqual(all.slice(chainIndex).map((m) => m.name));
      await applyMigrations(sql, all);
      expect(await pendingMigrations(sql, all)).toEqual([]);

      db = empty.pglite
        ? await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { pglite: empty.pglite })
        : await openDatabase({ kind: 'postgres', url: empty.url! });
      const rows = await db.prisma.auditEvent.findMany({
        orderBy: [{ chain: 'asc' }, { seq: 'asc' }],
        select: { id: true, chain: true, seq: true },
      });
      expect(rows).toEqual([
        { id: 'aud_b', chain: 'global', seq: 1 },
        { id: 'aud_a', chain: 'tenant:berlin', seq: 1 },
        { id: 'aud_c', chain: 'tenant:berlin', seq: 2 },
        { id: 'aud_d', chain: 'tenant:hamburg', seq: 1 },
      ]);
      expect(await verifyAuditLog({ ctx: serviceContext(db.prisma) })).toMatchObject({ rows: 4, breaks: [] });
      // And the console appends after them.
      await appendAudit(serviceContext(db.prisma), auditEntry('berlin', 4));
      const verified = await verifyAuditLog({ ctx: serviceContext(db.prisma) });
      expect(verified).toMatchObject({ rows: 5, breaks: [] });
      expect(verified.chains.find((head) => head.chain === 'tenant:berlin')?.seq).toBe(3);
    } finally {
      await db?.close();
      await client?.end();
      // Closing the database already closed an embedded one.
      if (!(db && empty.pglite)) await empty.drop();
    }
  }, 60_000);
});
