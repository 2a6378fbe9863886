// Unit tests (pure domain) run once; integration tests (*.int.test.ts) run on a fresh embedded
// database per file, and again on PostgreSQL when TEST_DATABASE_URL is set. Each file's database
// is a copy of a template built once per run (server/testing/global-setup.ts explains how).
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './server/testing/sequencer';

const root = import.meta.dirname;
const alias = { '@': root };
const integration = ['server/**/*.int.test.ts', 'app/**/*.int.test.ts'];

function integrationProject(name: string, backend: 'pglite' | 'postgres') {
  return {
    resolve: { alias },
    test: {
      name: `integration (${name})`,
      include: integration,
      globalSetup: [path.join(root, 'server/testing/global-setup.ts')],
      env: { MC_TEST_BACKEND: backend },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Two files at a time even on two cores: integration files spend much of their time waiting on
    // PostgreSQL or a child process (measured on 2 cores: 181 s with one worker, 134 s with two).
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['server/**/*.test.ts'], exclude: integration },
      },
      integrationProject('PGlite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integrationProject('PostgreSQL', 'postgres')] : []),
    ],
  },
});
