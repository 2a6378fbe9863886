// Unit tests (pure domain) run once; integration tests (*.int.test.ts) run on a fresh embedded
// database per file, and again on PostgreSQL when TEST_DATABASE_URL is set. Each file's database
// is a copy of a template built once per run (server/testing/global-setup.ts explains how).
//
// Files share their worker's loaded modules (`isolate: false`): importing Prisma, tRPC and the
// services again for every file cost about a second of CPU per file. Each file still gets its own
// database. A file that replaces modules or the environment (vi.mock, vi.stubEnv, process.env.X = …)
// would leak that into the files after it, so it says so in its name, `*.isolated.test.ts` or
// `*.isolated.int.test.ts`, and runs in a project of its own; isolation.test.ts fails for a file
// that does such things without the name (server/testing/README.md).
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BASELINE_WASM_FLAGS } from './server/startup/server-command.ts';
import { SlowFilesFirst } from './server/testing/sequencer.ts';

const root = import.meta.dirname;
const alias = { '@': root };
const integration = ['server/**/*.int.test.ts', 'app/**/*.int.test.ts'];
// The attack suite (docs/testing.md): hostile requests and races that once got through, kept so
// that no later change reopens them. Each file runs on a database like an integration file.
const attack = ['server/**/*.attack.test.ts'];
const isolatedUnit = ['server/**/*.isolated.test.ts', 'components/**/*.isolated.test.ts'];
const isolatedIntegration = ['server/**/*.isolated.int.test.ts', 'app/**/*.isolated.int.test.ts'];
const isolatedAttack = ['server/**/*.isolated.attack.test.ts'];

function project(name: string, include: string[], exclude: string[], isolate: boolean, extra: object = {}) {
  return {
    resolve: { alias },
    test: { name: isolate ? `${name}, isolated` : name, include, exclude: [...configDefaults.exclude, ...exclude], isolate, ...extra },
  };
}

function integrationProjects(name: string, backend: 'pglite' | 'postgres') {
  const settings = {
    globalSetup: [path.join(root, 'server/testing/global-setup.ts')],
    // bcrypt at the lowest cost (docs/operations.md "Configuration"): the demo accounts are hashed
    // and checked often.
    env: { MC_TEST_BACKEND: backend, PASSWORD_HASH_COST: '4' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // WebAssembly with V8's baseline compiler only (server/startup/server-command.ts): each worker
    // restores and resets many embedded databases, and the optimising compiler's work on
    // PostgreSQL never paid for itself (2 cores: 288 CPU-seconds for the whole run instead of 332).
    execArgv: BASELINE_WASM_FLAGS,
  };
  return [
    project(`integration (${name})`, integration, isolatedIntegration, false, settings),
    project(`attack (${name})`, attack, isolatedAttack, false, settings),
    project(`integration (${name})`, isolatedIntegration, [], true, settings),
    project(`attack (${name})`, isolatedAttack, [], true, settings),
  ];
}

// In worker threads, never in a process an integration file ran in before (its cached
// configuration would carry over), and with the production password hashing cost.
const unitSettings = { pool: 'threads', env: { PASSWORD_HASH_COST: '' } };

export default defineConfig({
  test: {
    // Two files at a time even on two cores: integration files spend much of their time waiting on
    // PostgreSQL or a child process (measured on 2 cores: 181 s with one worker, 134 s with two).
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      // Pure browser-side modules (the wording of My memories) are unit-tested too.
      project(
        'unit',
        // scripts/: the bench's command line and its database safety (scripts/bench/*.test.ts).
        ['server/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts'],
        [...integration, ...attack, ...isolatedUnit],
        false,
        unitSettings,
      ),
      project('unit', isolatedUnit, [], true, unitSettings),
      ...integrationProjects('PGlite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? integrationProjects('PostgreSQL', 'postgres') : []),
    ],
  },
});
