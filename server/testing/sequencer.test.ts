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
function sequencer(
  durations: Record<string, number>,
  getFileTestResults: unknown = (key: string) => (key in durations ? { duration: durations[key], failed: false } : undefined),
): SlowFilesFirst {
  const cache = { getFileTestResults, getFileStats: () => ({ size: 1 }) };
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

  it("runs every file, in the fresh clone's order or the order given, when Vitest's record of past runs is not what it expects", async () => {
    const durations = Object.fromEntries(names(specs).map((name) => [name, 10_000]));
    const reshaped = () => ({ ms: 10_000 });
    expect(names(await sequencer(durations, reshaped).sort(specs))).toEqual(names(await sequencer({}).sort(specs)));
    const gone = [
      null,
      () => {
        throw new Error('internals changed');
      },
    ];
    for (const changed of gone) expect(names(await sequencer(durations, changed).sort(specs))).toEqual(names(specs));
  });

  /** The order after a run in which `specs` took `durations` (milliseconds, in the order of `specs`). */
  const afterRun = async (...durations: number[]) =>
    names(await sequencer(Object.fromEntries(names(specs).map((name, index) => [name, durations[index]!]))).sort(specs));

  it('after a run: the slow files first, longest first, whatever their project', async () => {
    // Vitest's own order would put the PostgreSQL file after every PGlite one.
    expect(await afterRun(20_000, 6000, 5, SLOW_MS, 1000)).toEqual([
      `integration (PGlite):${files.integration}`,
      `integration (PostgreSQL):${files.childProcess}`,
      `integration (PGlite):${files.ownDatabases}`,
      `integration (PGlite):${files.childProcess}`,
      `unit:${files.unit}`,
    ]);
  });

  it('after a run: the other files project by project, so that a worker goes on to a file of its own project', async () => {
    const quick = SLOW_MS - 1;
    // By duration alone the PostgreSQL file would sit between two PGlite ones.
    expect(await afterRun(quick - 100, quick, 5, SLOW_MS, quick - 200)).toEqual([
      `integration (PGlite):${files.ownDatabases}`,
      `integration (PGlite):${files.integration}`,
      `integration (PGlite):${files.childProcess}`,
      `integration (PostgreSQL):${files.childProcess}`,
      `unit:${files.unit}`,
    ]);
  });
});
