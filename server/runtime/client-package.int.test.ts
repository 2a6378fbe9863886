// The client package as a runtime installs it: `npm pack` of packages/client (its prepack compiles
// it), the tarball installed into a scratch project outside the repository (`--prefer-offline`), a
// file of that project type-checked against the installed types, and the installed module calling the
// console's own route handlers on a real database. The package imports nothing of the console, so
// anything it took from server/ would fail here.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFetch } from '../testing/runtime-contract';
import { tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const db = useSeededDatabase();
let scratch: string;

const serve = contractFetch(() => ({
  prisma: db.prisma,
  allowedOrigin: 'http://console.test',
  deps: { now: () => SEED_NOW },
}));

const USAGE = `import { createRuntimeClient, RuntimeApiError, type RuntimeRecord } from '@memory-console/client';
const client = createRuntimeClient({ baseUrl: 'https://memory.example.com', token: 'mct_x' });
export async function keys(): Promise<string[]> {
  const { scopes } = await client.resolveScopes({ actorRef: 'u1' });
  const { records } = await client.search({ scopes, query: 'what is the fiscal year', limit: 10 });
  return records.map((record: RuntimeRecord) => record.key);
}
export const isRefusal = (error: unknown) => error instanceof RuntimeApiError && error.code === 'QUOTA_EXCEEDED';
`;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'mc-client-'));
  const { stdout } = await run('npm', ['pack', '--pack-destination', scratch, '--silent'], {
    cwd: path.join(repo, 'packages/client'),
    env: { ...process.env, PATH: `${path.join(repo, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` },
  });
  const tarball = stdout.trim().split('\n').at(-1)!;
  await writeFile(path.join(scratch, 'package.json'), JSON.stringify({ name: 'scratch-runtime', private: true, type: 'module' }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(scratch, tarball)], {
    cwd: scratch,
  });
}, 180_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the packed client package', () => {
  it('holds the compiled module and its types, nothing of the console', async () => {
    const installed = path.join(scratch, 'node_modules/@memory-console/client');
    expect((await readdir(path.join(installed, 'dist'))).sort()).toEqual(
      expect.arrayContaining(['index.d.ts', 'index.js', 'openapi-types.d.ts']),
    );
    expect(await readdir(installed)).not.toContain('src');
  });

  it('type-checks a runtime’s code against the installed types', async () => {
    await writeFile(path.join(scratch, 'usage.ts'), USAGE);
    await writeFile(
      path.join(scratch, 'wrong.ts'),
      `${USAGE}\nexport const wrong = client.write({ actorRef: 'u1', key: 'k', text: 'no' });\n`,
    );
    const tsc = path.join(repo, 'node_modules/.bin/tsc');
    const compilerOptions = {
      noEmit: true,
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      lib: ['es2023', 'dom'],
      types: [],
    };
    for (const file of ['usage', 'wrong']) {
      await writeFile(path.join(scratch, `tsconfig.${file}.json`), JSON.stringify({ compilerOptions, files: [`${file}.ts`] }));
    }
    await run(tsc, ['-p', 'tsconfig.usage.json'], { cwd: scratch });
    // The check can fail: a body the document does not allow is refused at compile time.
    const failed = await run(tsc, ['-p', 'tsconfig.wrong.json'], { cwd: scratch }).then(
      () => null,
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).toContain("'text' does not exist");
  }, 120_000);

  it('calls the console with the installed module', async () => {
    const installed = await import(pathToFileURL(path.join(scratch, 'node_modules/@memory-console/client/dist/index.js')).href);
    const token = await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write']);
    const client = installed.createRuntimeClient({ baseUrl: 'http://console.test', token: token.secret, fetch: serve });
    const { scopes } = await client.resolveScopes({ actorRef: 'u1' });
    expect(scopes).toEqual(['actor:u1', 'tenant:berlin', 'global']);
    const written = await client.write({ actorRef: 'u1', key: 'desk', fact: 'Sits at desk 14 by the window.' });
    expect(written).toMatchObject({ changed: true, record: { scope: 'actor:u1', key: 'desk' } });
    const found = await client.search({ actorRef: 'u1', query: 'which desk by the window', limit: 5 });
    expect(found.ranking[0]).toBe('desk');
    await expect(client.list({ actorRef: 'h1' })).rejects.toMatchObject({
      name: 'RuntimeApiError',
      status: 403,
      reason: 'ACTOR_OUTSIDE_TENANT',
    });
  });
});
