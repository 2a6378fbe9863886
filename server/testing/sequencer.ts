// The order Vitest starts test files in. With two workers the run lasts at least as long as its
// slowest file plus whatever was queued in front of it, so the slow files go first, whatever
// project they belong to (Vitest's own order takes the projects one after another, so the
// PostgreSQL project's slow files would start only once every PGlite file had).
//
// After a run, Vitest knows every file's duration (node_modules/.vite/vitest/results.json): then
// the longest go first (failed ones before them, as Vitest does). Without that (a fresh clone) a
// file's text says what it pays: first the files that start child processes (`npm start`, the npm
// scripts), then those that make databases beyond their copy of a template (an initdb, migrations
// from nothing, a data folder on disk), then the other integration files (each restores a
// database), then the unit files. Within a rank, larger files first (Vitest's own order).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const CHILD_PROCESS = /from 'node:child_process'/;
const OWN_DATABASES = /\b(prepareDatabase|createEmptyDatabase|restorePgliteFolder|createPgliteFolderDatabase)\(/;

function rank(spec: TestSpecification): number {
  const text = readFileSync(spec.moduleId, 'utf8');
  if (CHILD_PROCESS.test(text)) return 0;
  if (OWN_DATABASES.test(text)) return 1;
  return spec.project.name.startsWith('integration') ? 2 : 3;
}

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const results = sorted.map((spec) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`),
    );
    // Array.prototype.sort is stable: for equal keys, Vitest's own order stays.
    if (results.every((result) => result !== undefined)) {
      return sorted
        .map((spec, index) => ({ spec, failed: results[index]!.failed ? 0 : 1, duration: results[index]!.duration }))
        .sort((a, b) => a.failed - b.failed || b.duration - a.duration)
        .map(({ spec }) => spec);
    }
    return sorted
      .map((spec) => ({ spec, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ spec }) => spec);
  }
}
