// The order Vitest starts test files in. With two workers the run lasts at least as long as its
// slowest file plus whatever was queued in front of it, so the slow files go first. After a run,
// Vitest knows every file's duration (node_modules/.vite/vitest/results.json) and orders by it,
// longest first. Without that (a fresh clone) it would order by file size, which puts the files
// that start child processes (`npm start`, the npm scripts) last, as they are short: here those
// files go first, then the integration files (each restores a database), then the rest.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

function weight(spec: TestSpecification): number {
  if (/from 'node:child_process'/.test(readFileSync(spec.moduleId, 'utf8'))) return 0;
  return spec.project.name.startsWith('integration') ? 1 : 2;
}

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`) !== undefined;
    if (sorted.every(known)) return sorted;
    // Array.prototype.sort is stable: within a weight, Vitest's own order stays.
    return sorted
      .map((spec) => ({ spec, weight: weight(spec) }))
      .sort((a, b) => a.weight - b.weight)
      .map(({ spec }) => spec);
  }
}
