// `npm start`: check the configuration, take the embedded database's folder lock, build if the
// sources are newer than the last build, prepare the database (migrate; demo data on a new
// embedded database), then serve on PORT (default 3000).
// `npm run dev` (--dev): the same checks and preparation, then the development server.
//
// The order matters: every check that can fail (PORT, NEXTAUTH_SECRET, a busy port, a data folder
// another `npm start` holds) runs before building, migrating or seeding, and nothing prints
// "Ready" unless all of them passed. The folder lock is handed to the processes started here.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { databaseTargetFromEnv } from '../server/db/config';
import { LOCK_TOKEN_ENV, lockFolder } from '../server/db/folder-lock';
import { needsBuild } from '../server/startup/build-state';
import { checkAuthSecret, checkConfig, checkPortFree } from '../server/startup/preflight';
import { nextStartCommand, BASELINE_WASM_FLAGS } from '../server/startup/server-command';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

async function main() {
  // Every variable is checked before anything else (docs/operations.md "Configuration").
  // As the server will read it: `next start` runs with NODE_ENV=production.
  const settings = checkConfig(dev ? process.env : { ...process.env, NODE_ENV: 'production' });
  const port = settings.PORT;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  // next-auth builds its redirects from NEXTAUTH_URL; without it they point at port 3000.
  env.NEXTAUTH_URL = settings.NEXTAUTH_URL ?? `http://localhost:${port}`;

  checkAuthSecret(env, dev ? 'development' : 'production');
  await checkPortFree(port);
  const target = databaseTargetFromEnv(env);
  if (target.kind === 'pglite') {
    const token = randomBytes(16).toString('hex');
    lockFolder(target.dataDir, { token, inheritedToken: '' });
    env[LOCK_TOKEN_ENV] = token;
  }

  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  };
  if (!dev && needsBuild(root)) {
    console.log('Building Memory Console (sources changed since the last build)…');
    run(bin('next'), ['build']);
  }
  // Through Node's own loader hook rather than the tsx command, which would start a second Node.
  run(process.execPath, [...BASELINE_WASM_FLAGS, '--import', 'tsx', 'scripts/prepare-db.ts']);

  // The server runs as DATABASE_URL only: the owner's credentials for migrating stay out of it.
  const serverEnv = { ...env };
  delete serverEnv.MIGRATION_DATABASE_URL;
  const { command, args } = dev ? { command: bin('next'), args: ['dev', '--port', String(port)] } : nextStartCommand(root, port);
  const server = spawn(command, args, { cwd: root, env: serverEnv, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error: unknown) => {
  console.error(`Memory Console did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
