// The two-role PostgreSQL set-up of docs/operations.md "Audit log": scripts/postgres-roles.sql in a
// scratch database, migrations as the owner (MIGRATION_DATABASE_URL), the console as the
// application role. As the application role every way of rewriting the audit log fails, while the
// console works. Roles are server-wide, so this test gives them unique names instead of the
// script's defaults.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../api/root';
import { createContextInner } from '../api/trpc';
import { verifyAuditLog } from '../services/audit/verify-audit-log';
import { startSession } from '../services/account/start-session';
import { serviceContext } from '../services/context';
import { seedDemo } from '../services/seed/seed-demo';
import { appendAudit } from '../testing/audit-fixtures';
import { databaseUrlWithName, scratchDatabaseName } from '../testing/database-url';
import { testBackend } from '../testing/test-database';
import { migrationTargetFromEnv } from './config';
import { applyMigrations, MigrationError, readMigrations } from './migrate';
import { type Database, openDatabase } from './open-database';
import { prepareDatabase } from './prepare-database';
import { planFunctions } from './plan-functions';
import { pgPoolRunner, pgRunner } from './sql-runner';

const ROLES_SCRIPT = path.join(process.cwd(), 'scripts', 'postgres-roles.sql');

describe.skipIf(testBackend() !== 'postgres')(
  'two PostgreSQL roles (needs TEST_DATABASE_URL; skipped on the embedded database, which has one role)',
  () => {
    const suffix = randomBytes(4).toString('hex');
    const owner = `mc_owner_${suffix}`;
    const app = `mc_app_${suffix}`;
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = base ? scratchDatabaseName(base, `roles_${suffix}`) : '';
    const urlAs = (role: string) => {
      const url = new URL(databaseUrlWithName(base, name));
      url.username = role;
      url.password = '';
      return url.toString();
    };
    const cleanups: (() => Promise<unknown>)[] = [];
    let appDb: Database;
    let appClient: pg.Client;

    async function connect(url: string) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      cleanups.push(() => client.end());
      return client;
    }

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS "${owner}"`);
        await admin.query(`DROP ROLE IF EXISTS "${app}"`);
        await admin.end();
      });
      const superuser = await connect(databaseUrlWithName(base, name));
      const script = readFileSync(ROLES_SCRIPT, 'utf8').replaceAll('memory_console_owner', owner).replaceAll('memory_console_app', app);
      await superuser.query(script);
      await superuser.end();
      cleanups.pop();

      // Start-up: migrate as MIGRATION_DATABASE_URL, then the console opens DATABASE_URL.
      const env = { DATABASE_URL: urlAs(app), MIGRATION_DATABASE_URL: urlAs(owner) };
      expect(migrationTargetFromEnv(env)).toEqual({ kind: 'postgres', url: urlAs(owner) });
      await prepareDatabase(migrationTargetFromEnv(env));
      appDb = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL });
      cleanups.push(() => appDb.close());
      // The console writes through every table as the application role.
      await seedDemo({ ctx: serviceContext(appDb.prisma) });
      appClient = await connect(urlAs(app));
    }, 120_000);

    afterAll(async () => {
      while (cleanups.length) await cleanups.pop()!();
    });

    it('migrates as the owner: every table belongs to it, and the app role may only read and append to the audit log', async () => {
      const tables = await appClient.query<{ tablename: string; tableowner: string }>(
        `SELECT tablename, tableowner FROM pg_tables WHERE schemaname = 'public'`,
      );
      expect(tables.rows.length).toBeGreaterThan(5);
      expect(tables.rows.filter((row) => row.tableowner !== owner)).toEqual([]);
      const grants = await appClient.query<{ privilege_type: string }>(
        `SELECT privilege_type FROM information_schema.role_table_grants
         WHERE grantee = $1 AND table_name = 'audit_event' ORDER BY privilege_type`,
        [app],
      );
      expect(grants.rows.map((row) => row.privilege_type)).toEqual(['INSERT', 'SELECT']);
    });

    it.each([
      [
        'disable its triggers',
        'ALTER TABLE "audit_event" DISABLE TRIGGER "audit_event_no_update_or_delete"',
        /must be owner of table audit_event/,
      ],
      ['disable all triggers', 'ALTER TABLE "audit_event" DISABLE TRIGGER ALL', /must be owner of table audit_event/],
      ['drop a trigger', 'DROP TRIGGER "audit_event_no_truncate" ON "audit_event"', /must be owner of (table|relation) audit_event/],
      ['truncate', 'TRUNCATE "audit_event"', /permission denied for table audit_event/],
      [
        'switch triggers off for the session',
        'SET session_replication_role = replica',
        /permission denied to set parameter "session_replication_role"/,
      ],
      ['update a row', `UPDATE "audit_event" SET "action" = 'forged'`, /permission denied for table audit_event/],
      ['delete rows', 'DELETE FROM "audit_event"', /permission denied for table audit_event/],
      ['drop the table', 'DROP TABLE "audit_event"', /must be owner of table audit_event/],
      ['take the table over', `ALTER TABLE "audit_event" OWNER TO CURRENT_USER`, /must be owner of table audit_event/],
      [
        'add a trigger of its own',
        'CREATE TRIGGER "forge" BEFORE INSERT ON "audit_event" FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"()',
        /permission denied for table audit_event/,
      ],
      [
        'replace the trigger function',
        `CREATE OR REPLACE FUNCTION "audit_event_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END; $$`,
        /must be owner of function audit_event_append_only|permission denied for schema public/,
      ],
    ])('as the app role, cannot %s', async (_what, statement, refusal) => {
      const rowsBefore = await appDb.prisma.auditEvent.count();
      expect(rowsBefore).toBeGreaterThan(0);
      await expect(appClient.query(statement)).rejects.toThrow(refusal);
      expect(await appDb.prisma.auditEvent.count()).toBe(rowsBefore);
      expect((await verifyAuditLog({ ctx: serviceContext(appDb.prisma) })).breaks).toEqual([]);
    });

    it('still lets the console work as the app role: people save and forget, each change appends a chained audit row', async () => {
      const alice = await appDb.prisma.user.findUniqueOrThrow({ where: { email: 'alice@example.com' } });
      const sessionId = await startSession({ ctx: serviceContext(appDb.prisma), input: { userId: alice.id, userAgent: null } });
      const caller = createCaller(createContextInner({ session: { userId: alice.id, sessionId }, db: appDb.prisma, deps: {} }));
      const rowsBefore = await appDb.prisma.auditEvent.count();
      const saved = await caller.memories.save({ key: 'desk', text: 'I sit by the window.' });
      await caller.memories.forget({ id: saved.id });
      await appendAudit(serviceContext(appDb.prisma), {
        userId: null,
        actorRef: null,
        action: 'memory.published',
        scope: 'global',
        tenantRef: null,
        memoryId: null,
      });
      expect(await appDb.prisma.auditEvent.count()).toBe(rowsBefore + 3);
      const verified = await verifyAuditLog({ ctx: serviceContext(appDb.prisma) });
      expect(verified.breaks).toEqual([]);
      expect(verified.rows).toBe(rowsBefore + 3);
    });

    it('lets the app role keep plans in temporary functions behind a transaction pooler (TEMPORARY is all it needs)', async () => {
      const pool = new pg.Pool({ connectionString: urlAs(app), max: 1 });
      cleanups.push(() => pool.end());
      const lines: string[] = [];
      const runner = pgPoolRunner(pool, { namedStatements: false, planFunctions: planFunctions({ log: (line) => lines.push(line) }) });
      const read = 'SELECT "email" FROM "user" WHERE "email" = $1';
      for (let run = 0; run < 3; run += 1)
        expect(await runner.query(read, ['alice@example.com'], 'roles_plan_fn')).toEqual([{ email: 'alice@example.com' }]);
      const functions = await runner.query<{ name: string }>(
        'SELECT proname AS "name" FROM pg_proc WHERE pronamespace = pg_my_temp_schema()',
      );
      expect(functions.map(({ name }) => name)).toEqual([expect.stringMatching(/^roles_plan_fn_[0-9a-f]{24}$/)]);
      expect(lines).toEqual([]);
    });

    it('covers tables of later migrations through default privileges, and the app role cannot migrate itself', async () => {
      const ownerClient = await connect(urlAs(owner));
      await ownerClient.query('CREATE TABLE "later_note" ("id" TEXT PRIMARY KEY, "text" TEXT NOT NULL)');
      await appClient.query(`INSERT INTO "later_note" VALUES ('n1', 'first')`);
      await appClient.query(`UPDATE "later_note" SET "text" = 'changed' WHERE "id" = 'n1'`);
      expect((await appClient.query('SELECT "text" FROM "later_note"')).rows).toEqual([{ text: 'changed' }]);
      await appClient.query('DELETE FROM "later_note"');

      const dir = mkdtempSync(path.join(tmpdir(), 'mc-roles-migrations-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      for (const migration of readMigrations()) {
        mkdirSync(path.join(dir, migration.name));
        writeFileSync(path.join(dir, migration.name, 'migration.sql'), migration.sql);
      }
      mkdirSync(path.join(dir, '29990101000000_pending'));
      writeFileSync(path.join(dir, '29990101000000_pending', 'migration.sql'), 'CREATE TABLE "pending" ("id" TEXT PRIMARY KEY);');
      const refused = await applyMigrations(pgRunner(appClient), readMigrations(dir)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MigrationError);
      expect((refused as Error).message).toMatch(
        /29990101000000_pending failed .*permission denied for schema public \(migrations must run as the role that owns the tables: set MIGRATION_DATABASE_URL/,
      );
    });
  },
);
