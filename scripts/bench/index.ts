// `npm run bench [section…]` (README "Benchmarks"): every section by default, or the named ones.
// Sections: wire-format (in process), review and runtime-api (generate a large tenant on BENCH_DATABASE_URL;
// `--reuse` measures the one a previous run generated instead).
import { config } from '../../server/config/env';
import { runReviewBench } from './review';
import { runRuntimeApiBench } from './runtime-api';
import { runWireFormatBench } from './wire-format';

const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));

const SECTIONS: Record<string, () => Promise<boolean>> = {
  'wire-format': async () => {
    runWireFormatBench();
    return true;
  },
  review: () => runReviewBench(config().BENCH_DATABASE_URL, { reuse: flags.includes('--reuse') }),
  'runtime-api': () => runRuntimeApiBench(config().BENCH_DATABASE_URL, { reuse: flags.includes('--reuse') }),
};

async function main(): Promise<number> {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !(name in SECTIONS));
  if (unknown.length) {
    console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}.`);
    return 2;
  }
  let ok = true;
  for (const name of names.length ? names : Object.keys(SECTIONS)) {
    console.log(`\n== ${name} ==`);
    ok = (await SECTIONS[name]!()) && ok;
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
