// Whether the production build in `.next` is older than the sources it was built from: `npm start`
// builds first when it is (scripts/start.ts), and the end-to-end tests' launcher builds once before
// it starts its consoles side by side (e2e/support/start-consoles.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'app',
  'components',
  'server',
  'public',
  'prisma',
  'proxy.ts',
  'instrumentation.ts',
  'package.json',
  'next.config.ts',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** True when there is no build under `root`, or a source is newer than it. */
export function needsBuild(root: string): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.map((entry) => path.join(root, entry))
    .filter((entry) => existsSync(entry))
    .some((entry) => newestMtime(entry) > built);
}
