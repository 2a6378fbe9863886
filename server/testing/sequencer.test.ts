// The order files start in (sequencer.ts): on a fresh clone by what a file's text says it pays,
// after a run by the durations Vitest remembers (the slow files across projects, then the others
// project by project).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { repositoryRoot } from './npm-script';
import { SLOW_MS, SlowFilesFirst } from './sequencer';

const files = {
  childProcess: 'server/services/seed/db-seed-command.int.test.ts',
  ownDatabases: 'server/db/migrate.int.test.ts',
  integration: 'server/api/routers/people.int.test.ts',
  unit: 'server/domain/csv.test.ts',
};

function spec(project: string, file: string): TestSpecification {
  const config = { sequence: { groupOrder: 0 }, isolate: false };
  return { project: { name: project, config }, moduleId: path.join(repositoryRoot, file) } as unknown as TestSpecification;
}

/** A sequencer whose cache knows `durations` (by "project:file"), and every file's size. */
function sequencer(durations: Record<string, number>): SlowFilesFirst {
  const cache = {
    getFileTestResults: (key: string) => (key in durations ? { duration: durations[key], failed: false } : undefined),
    getFileStats: () => ({ size: 1 }),
  };
  return new SlowFilesFirst({ cache, config: { root: repositoryRoot } } as unknown as Vitest);
}

const names = (sorted: TestSpecification[]) => sorted.map((one) => `${one.project.name}:${path.relative(repositoryRoot, one.moduleId)}`);

describe('SlowFilesFirst', () => {
  const specs = [
    spec('integration (PGlite)', files.integration),
    spec('integration (PostgreSQL)', files.childProcess),
    spec('unit', files.unit),
    spec('integration (PGlite)', files.ownDatabases),
    spec('integration (PGlite)', files.childProcess),
  ];

  it('on a fresh clone: child processes, then databases of their own, then other integration files, then unit files', async () => {
    expect(names(await sequencer({}).sort(specs))).toEqual([
      `integration (PGlite):${files.childProcess}`,
      `integration (PostgreSQL):${files.childProcess}`,
      `integration (PGlite):${files.ownDatabases}`,
      `integration (PGlite):${files.integration}`,
      `unit:${files.unit}`,
    ]);
  });

  it('after a run: the slow files first, longest first, whatever their project', async () => {
    const durations = {
      [`integration (PGlite):${files.integration}`]: 20_000,
      [`integration (PostgreSQL):${files.childProcess}`]: 6000,
      [`unit:${files.unit}`]: 5,
      [`integration (PGlite):${files.ownDatabases}`]: 3000,
      [`integration (PGlite):${files.childProcess}`]: 1000,
    };
    // Vitest's own order would put the PostgreSQL file after every PGlite one.
    expect(names(await sequencer(durations).sort(specs))).toEqual([
      `integration (PGlite):${files.integration}`,
      `integration (PostgreSQL):${files.childProcess}`,
      `integration (PGlite):${files.ownDatabases}`,
      `integration (PGlite):${files.childProcess}`,
      `unit:${files.unit}`,
    ]);
  });

  it('after a run: the other files project by project, so that a worker goes on to a file of its own project', async () => {
    const quick = SLOW_MS - 1;
    const durations = {
      [`integration (PGlite):${files.integration}`]: quick - 100,
      [`integration (PostgreSQL):${files.childProcess}`]: quick,
      [`unit:${files.unit}`]: 5,
      [`integration (PGlite):${files.ownDatabases}`]: SLOW_MS,
      [`integration (PGlite):${files.childProcess}`]: quick - 200,
    };
    // By duration alone the PostgreSQL file would sit between two PGlite ones.
    expect(names(await sequencer(durations).sort(specs))).toEqual([
      `integration (PGlite):${files.ownDatabases}`,
      `integration (PGlite):${files.integration}`,
      `integration (PGlite):${files.childProcess}`,
      `integration (PostgreSQL):${files.childProcess}`,
      `unit:${files.unit}`,
    ]);
  });
});
