// `npm start`: read the configuration (the environment and the .env files, as the server will),
// check it, take the embedded database's folder lock, build if the sources are newer than the last
// build, prepare the database (migrate; demo data on a new embedded database unless HOST serves
// other machines), then serve on HOST:PORT (default 127.0.0.1:3000, this machine only).
// `npm run dev` (--dev): the same checks and preparation, then the development server.
//
// The order matters: every check that can fail (PORT, NEXTAUTH_SECRET, a busy port, a data folder
// another `npm start` holds) runs before building, migrating or seeding, and nothing prints
// "Ready" unless all of them passed (the database's own checks — migrations, demo accounts on a
// console that serves other machines — run when it is prepared, before the server starts). The folder lock is handed to the processes started here.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { servesBeyondThisMachine } from '../server/config/env';
import { databaseTargetFromEnv } from '../server/db/config';
import { LOCK_TOKEN_ENV, lockFolder } from '../server/db/folder-lock';
import { needsBuild } from '../server/startup/build-state';
import { checkPortFree, launchEnvironment } from '../server/startup/preflight';
import { nextDevCommand, nextStartCommand, BASELINE_WASM_FLAGS } from '../server/startup/server-command';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

async function main() {
  // Every variable is checked before anything else (docs/operations.md "Configuration"), the .env files
  // included, read as the server will read them.
  const { settings, env, envFiles } = launchEnvironment(root, dev);
  if (envFiles.length > 0) console.log(`Configuration read from ${envFiles.join(', ')} too, as the server reads it.`);
  const listen = { port: settings.PORT, host: settings.HOST };
  if (servesBeyondThisMachine(settings.HOST) && !settings.NEXTAUTH_URL) {
    console.warn(
      `HOST=${settings.HOST} serves other machines, but NEXTAUTH_URL is not set: sign-in works only at ${env.NEXTAUTH_URL}. ` +
        'Set NEXTAUTH_URL to the address people open.',
    );
  }
  await checkPortFree(listen.port, listen.host);
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
  const { command, args } = dev ? nextDevCommand(root, listen) : nextStartCommand(root, listen);
  const server = spawn(command, args, { cwd: root, env: serverEnv, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error: unknown) => {
  console.error(`Memory Console did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
