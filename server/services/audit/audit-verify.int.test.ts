// `npm run audit:verify` and verifyAuditLog on a log a superuser tampered with (bypassing the
// append-only triggers): an intact log is reported with its counts, and an edited or deleted row is
// named by both, the script exiting 1. The chain itself is audit-chain.int.test.ts's; this file is
// apart because its two script runs are slow, so the other worker runs that file alongside.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeAuditBreak } from '../../domain';
import { type Database, openDatabase } from '../../db/open-database';
import { appendAudit, auditChainRows, auditEntry } from '../../testing/audit-fixtures';
import { npmScript, repositoryRoot } from '../../testing/npm-script';
import { createPgliteFolderDatabase, createTestDatabase, testBackend } from '../../testing/test-database';
import { serviceContext } from '../context';
import { verifyAuditLog } from './verify-audit-log';

describe('verifying a log tampered with by a superuser', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'mc-audit-verify-'));
  let db: Database;
  /** How the npm script reaches the same database: DATABASE_URL, or the embedded folder. */
  let scriptEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    // The demo data, as seeded into the run's template (server/testing/global-setup.ts).
    if (testBackend() === 'postgres') {
      db = await createTestDatabase('seeded');
      scriptEnv = { ...env, DATABASE_URL: (db.target as { url: string }).url };
    } else {
      // The script opens a folder, so this file's embedded database lives in one.
      const dataDir = path.join(root, 'pglite');
      db = await createPgliteFolderDatabase(dataDir, 'seeded');
      scriptEnv = { ...env, MEMORY_CONSOLE_DATA_DIR: dataDir };
    }
    for (let n = 0; n < 6; n += 1) await appendAudit(serviceContext(db.prisma), auditEntry('berlin', n));
  }, 90_000);

  afterAll(async () => {
    if (!handedOver) await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Whether the embedded folder was handed to the script; the next test opens it again. */
  let handedOver = false;
  beforeEach(async () => {
    if (handedOver) db = await openDatabase(db.target);
    handedOver = false;
  });

  async function runScript() {
    // The embedded folder admits one process at a time.
    if (db.target.kind === 'pglite') {
      await db.close();
      handedOver = true;
    }
    const { command, args } = npmScript('audit:verify');
    return spawnSync(command, args, {
      cwd: repositoryRoot,
      env: scriptEnv,
      encoding: 'utf8',
      timeout: 60_000,
    });
  }

  it('the script reports an intact log with its row and chain counts', async () => {
    const rows = await db.prisma.auditEvent.count();
    const chains = (await db.prisma.auditEvent.findMany({ distinct: ['chain'], select: { chain: true } })).length;
    const result = await runScript();
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`audit log verified: ${rows} rows in ${chains} chains`);
    expect(result.status).toBe(0);
  }, 90_000);

  it('names the row whose content was edited and the seq of the row deleted, and the script exits 1', async () => {
    const berlin = await auditChainRows(db, 'tenant:berlin');
    expect(berlin.length).toBeGreaterThanOrEqual(5);
    const edited = berlin[1]!;
    const deleted = berlin[3]!;
    // A superuser switches the append-only triggers off for one transaction.
    await db.sql.transaction(async (tx) => {
      await tx.exec('SET LOCAL session_replication_role = replica');
      await tx.query(`UPDATE "audit_event" SET "key" = 'forged', "after" = '{"text": "forged"}' WHERE "id" = $1`, [edited.id]);
      await tx.query('DELETE FROM "audit_event" WHERE "id" = $1', [deleted.id]);
    });
    expect(await db.prisma.auditEvent.count({ where: { id: { in: [edited.id, deleted.id] } } })).toBe(1);

    const verified = await verifyAuditLog({ ctx: serviceContext(db.prisma) });
    expect(verified.breaks).toEqual([
      { kind: 'content-changed', chain: 'tenant:berlin', seq: edited.seq, id: edited.id },
      {
        kind: 'row-missing',
        chain: 'tenant:berlin',
        seq: deleted.seq,
        missingThrough: deleted.seq,
        nextId: berlin[4]!.id,
        nextSeq: deleted.seq + 1,
      },
    ]);

    const result = await runScript();
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(verified.breaks.map(describeAuditBreak).join('\n'));
    expect(result.stderr).toContain(`broken link in chain tenant:berlin at seq ${edited.seq} (row id ${edited.id}): content changed`);
    expect(result.stderr).toContain(`broken link in chain tenant:berlin at seq ${deleted.seq}: row missing`);
    expect(result.stderr).toContain(`audit log NOT verified: 2 broken link(s)`);
  }, 90_000);
});
