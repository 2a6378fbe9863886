// `npm start`: build if the sources are newer than the last build, prepare the database
// (migrate; demo data on a new embedded database), then serve on PORT (default 3000).
// `npm run dev` (--dev): the same preparation, then the development server with hot reload.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT || '3000';
const env = { ...process.env, PORT: port };
// next-auth builds its redirects from NEXTAUTH_URL; without it they point at port 3000.
env.NEXTAUTH_URL ||= `http://localhost:${port}`;

function newestMtime(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function needsBuild() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const sources = ['app', 'components', 'server', 'public', 'prisma', 'proxy.ts', 'package.json', 'next.config.ts', 'package-lock.json']
    .map((entry) => path.join(root, entry))
    .filter((entry) => existsSync(entry));
  const built = statSync(buildId).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > built);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const dev = process.argv.includes('--dev');

if (!dev && needsBuild()) {
  console.log('Building Memory Console (sources changed since the last build)…');
  run(bin('next'), ['build']);
}
run(bin('tsx'), ['scripts/prepare-db.ts']);

const server = spawn(bin('next'), [dev ? 'dev' : 'start', '--port', port], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
