// A console that serves other machines (HOST beyond loopback, docs/sign-in-and-network.md) and the
// demo accounts whose password the README publishes: a new embedded folder gets none, a database
// that has them is refused at start-up with a message naming `npm run demo:disable-accounts`, and
// that command (run as a newcomer would, server/testing/npm-script.ts) lets it start. On an
// embedded folder and on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../../db/config';
import { openDatabase } from '../../db/open-database';
import { DemoAccountsExposedError, DISABLE_DEMO_ACCOUNTS_COMMAND, prepareDatabase } from '../../db/prepare-database';
import { npmScript, repositoryRoot } from '../../testing/npm-script';
import { createEmptyDatabase, restorePgliteFolder, testBackend } from '../../testing/test-database';
import { serviceContext } from '../context';
import { seedDemo } from './seed-demo';

let target: DatabaseTarget;
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const base = { ...process.env, MEMORY_CONSOLE_LOCK_TOKEN: '' };
  if (testBackend() === 'postgres') {
    const empty = await createEmptyDatabase();
    target = { kind: 'postgres', url: empty.url! };
    env = { ...base, DATABASE_URL: empty.url };
    cleanup = empty.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'mc-demo-accounts-'));
    target = { kind: 'pglite', dataDir: path.join(dir, 'pglite') };
    restorePgliteFolder(target.dataDir, 'empty');
    env = { ...base, DATABASE_URL: '', MEMORY_CONSOLE_DATA_DIR: target.dataDir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await cleanup?.();
});

const everyInterface = { host: '0.0.0.0' };

async function userCount(): Promise<number> {
  const db = await openDatabase(target);
  try {
    return await db.prisma.user.count();
  } finally {
    await db.close();
  }
}

describe('demo accounts and a console that serves other machines', () => {
  it('a new database gets no demo accounts; one that has them is refused until the command disables them', async () => {
    const lines: string[] = [];
    const first = await prepareDatabase(target, (line) => lines.push(line), everyInterface);
    expect(first.seeded).toBe(false);
    expect(await userCount()).toBe(0);
    if (target.kind === 'pglite') expect(lines.join('\n')).toContain('no demo data, since HOST=0.0.0.0 serves other machines');

    // The demo data arrives anyway (npm run db:seed, or a start on this machine only).
    const db = await openDatabase(target);
    try {
      await seedDemo({ ctx: serviceContext(db.prisma) });
    } finally {
      await db.close();
    }
    const refusal = await prepareDatabase(target, () => {}, everyInterface).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DemoAccountsExposedError);
    const message = (refusal as Error).message;
    expect(message).toContain('HOST=0.0.0.0 serves other machines');
    expect(message).toContain('alice@example.com, bob@example.com, gina@example.com, hana@example.com, olga@example.com');
    expect(message).toContain(`\`${DISABLE_DEMO_ACCOUNTS_COMMAND}\``);
    // On this machine only, the demo stays as it is.
    await expect(prepareDatabase(target, () => {}, { host: '127.0.0.1' })).resolves.toMatchObject({ seeded: false });

    const { command, args } = npmScript(DISABLE_DEMO_ACCOUNTS_COMMAND.replace('npm run ', ''));
    const run = () => spawnSync(command, args, { cwd: repositoryRoot, env, encoding: 'utf8', timeout: 120_000 });
    const disabled = run();
    expect(`${disabled.stdout}${disabled.stderr}`).toMatch(
      /Disabled 5 demo account\(s\) on .*: alice@example.com, bob@example.com, gina@example.com/,
    );
    expect(disabled.status).toBe(0);
    await expect(prepareDatabase(target, () => {}, everyInterface)).resolves.toMatchObject({ seeded: false });

    const again = run();
    expect(again.stdout).toContain('No demo account on');
    expect(again.status).toBe(0);
  }, 180_000);
});
