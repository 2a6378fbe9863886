// Runs `prisma generate` without Prisma's downloadable engines. Generation never uses the schema
// engine, but the CLI looks for one at start-up and tries to download it; pointing it at a
// harmless local executable skips the download, so this works offline and air-gapped.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const dir = join(tmpdir(), 'memory-console-prisma');
  mkdirSync(dir, { recursive: true });
  const placeholder = join(dir, 'schema-engine-placeholder');
  if (!existsSync(placeholder)) writeFileSync(placeholder, '#!/bin/sh\nexit 0\n');
  chmodSync(placeholder, 0o755);
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}

const result = spawnSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate'], {
  stdio: 'inherit',
  env,
});
if (result.status !== 0) {
  console.error('prisma generate failed; see the output above.');
  process.exit(result.status ?? 1);
}
