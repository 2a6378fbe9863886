// The bench over HTTP (docs/benchmarks.md "http"): filled in by the next commit.
import type { BenchArgs } from './args';

export function runHttpBench(_url: string, _args: BenchArgs): Promise<boolean> {
  console.log('http: not measured yet');
  return Promise.resolve(false);
}
