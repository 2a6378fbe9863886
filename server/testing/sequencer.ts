// The order Vitest starts test files in. With two workers the run lasts at least as long as its
// slowest file plus whatever was queued in front of it, so the slow files go first, whatever
// project they belong to (Vitest's own order takes the projects one after another, so the
// PostgreSQL project's slow files would start only once every PGlite file had).
//
// After a run, Vitest knows every file's duration (node_modules/.vite/vitest/results.json): then
// the slow files (SLOW_MS or more) go first, longest first, and the rest follow project by project,
// longest first within each; failed ones go before all of them, as Vitest does. Keeping a project's
// files together matters as much as the order: a worker is kept for the next file only when that
// file is of the same project, so each change of project in the queue ends a worker and starts
// another, which imports every module again and makes its kept database anew (kept-seeded.ts).
// Sorted by duration alone across projects, a run with PostgreSQL spent about a minute more of
// its workers' time importing. Without durations (a fresh clone) a
// file's text says what it pays: first the files that start child processes (`npm start`, the npm
// scripts), then those that make databases beyond their copy of a template (an initdb, migrations
// from nothing, a data folder on disk), then the other integration files (each restores a
// database), then the unit files. Within a rank, larger files first (Vitest's own order).
//
// The durations come from a part of Vitest that is not a published interface (`ctx.cache`): if a
// later Vitest answers in another shape, the files run in the order of a fresh clone; if it no longer
// has it (Vitest's own sorter then fails too), in the order given — slower, never wrong.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification, type Vitest } from 'vitest/node';

/** A file slower than this starts before the others, whatever its project. */
export const SLOW_MS = 3000;
const CHILD_PROCESS = /from 'node:child_process'/;
const OWN_DATABASES = /\b(prepareDatabase|createEmptyDatabase|restorePgliteFolder|createPgliteFolderDatabase)\(/;

function rank(spec: TestSpecification): number {
  const text = readFileSync(spec.moduleId, 'utf8');
  if (CHILD_PROCESS.test(text)) return 0;
  if (OWN_DATABASES.test(text)) return 1;
  return spec.project.name.startsWith('unit') ? 3 : 2;
}

interface LastRun {
  failed: boolean;
  duration: number;
}

/** Each file's last run as Vitest remembers it; null when this Vitest keeps no such record, or not for every file. */
function lastRuns(vitest: Vitest, specs: TestSpecification[]): LastRun[] | null {
  const cache = (vitest as unknown as { cache?: { getFileTestResults?: unknown } }).cache;
  const read = cache?.getFileTestResults;
  if (typeof read !== 'function') return null;
  try {
    const runs = specs.map(
      (spec) => read.call(cache, `${spec.project.name}:${relative(vitest.config.root, spec.moduleId)}`) as Partial<LastRun> | undefined,
    );
    return runs.every((run) => typeof run?.duration === 'number') ? (runs as LastRun[]) : null;
  } catch {
    return null;
  }
}

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let sorted: TestSpecification[];
    try {
      sorted = await super.sort(files);
    } catch {
      // Vitest's own sorter reads the same records: without them, the files in the order given.
      return files;
    }
    const results = lastRuns(this.ctx, sorted);
    // Array.prototype.sort is stable: for equal keys, Vitest's own order stays.
    if (results) {
      // Projects in Vitest's own order; the slow files form a "project" of their own, first.
      const projects = [...new Set(sorted.map((spec) => spec.project.name))];
      return sorted
        .map((spec, index) => {
          const { failed, duration } = results[index]!;
          const slow = duration >= SLOW_MS;
          return { spec, failed: failed ? 0 : 1, group: slow ? -1 : projects.indexOf(spec.project.name), duration };
        })
        .sort((a, b) => a.failed - b.failed || a.group - b.group || b.duration - a.duration)
        .map(({ spec }) => spec);
    }
    return sorted
      .map((spec) => ({ spec, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ spec }) => spec);
  }
}
