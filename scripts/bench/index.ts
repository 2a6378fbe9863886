// `npm run bench [section…] [-- flags]` (docs/benchmarks.md "Running them"): every section by
// default, or the named ones. Sections: wire-format (in process); review, runtime-api and read-path
// (generate a large tenant on BENCH_DATABASE_URL; `--reuse` measures the one a previous run
// generated instead); forecast (the pin budget forecast on that tenant, after review); read-path
// also serves /memories through `next start` on `--port=` (default 3999) when a build exists;
// ingest (posts to a running console: `--url=http://…` and `--database=postgresql://…`, the
// console's own database; optionally `--clients=` and `--batch-size=`, 4 and 1,000 by default, and
// `--server-pid=` for its CPU per batch).
import { config } from '../../server/config/env';
import { benchForecast } from './forecast';
import { BENCH_TENANT } from './generate-tenant';
import { ingestSection, serverPidOption, shapeOptions } from './ingest';
import { runReadPathBench } from './read-path';
import { runReviewBench } from './review';
import { runRuntimeApiBench } from './runtime-api';
import { runWireFormatBench } from './wire-format';

const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));

function flag(name: string): string | undefined {
  return flags.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const FORECAST_TARGET_MS = 2_000;

async function forecastSection(): Promise<boolean> {
  const result = await benchForecast({ databaseUrl: config().BENCH_DATABASE_URL, tenantRef: BENCH_TENANT });
  const ok = result.p95Ms <= FORECAST_TARGET_MS;
  console.log(
    `forecast of one pin for ${result.people.toLocaleString('en-US')} people in ${result.groups} scope sets: ` +
      `p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (${result.runs} runs); grouping SQL ${result.groupingSqlMs} ms ` +
      `(EXPLAIN ANALYZE) | ${ok ? 'ok' : 'MISSED'} (target p95 ≤ ${FORECAST_TARGET_MS} ms)`,
  );
  return ok;
}

async function ingest(): Promise<boolean> {
  const url = flag('url');
  const databaseUrl = flag('database');
  if (!url || !databaseUrl) {
    console.log(
      'ingest needs a running console: npm run bench ingest -- --url=http://localhost:3000 --database=postgresql://… (its database)',
    );
    return false;
  }
  const section = await ingestSection({
    url,
    databaseUrl,
    ...shapeOptions(flag('clients'), flag('batch-size')),
    ...serverPidOption(flag('server-pid')),
  });
  console.log(section);
  return !section.includes('misses');
}

const SECTIONS: Record<string, () => Promise<boolean>> = {
  'wire-format': async () => {
    runWireFormatBench();
    return true;
  },
  review: () => runReviewBench(config().BENCH_DATABASE_URL, { reuse: flags.includes('--reuse') }),
  'runtime-api': () => runRuntimeApiBench(config().BENCH_DATABASE_URL, { reuse: flags.includes('--reuse') }),
  'read-path': () =>
    runReadPathBench(config().BENCH_DATABASE_URL, {
      reuse: flags.includes('--reuse'),
      port: flag('port') ? Number(flag('port')) : undefined,
    }),
  forecast: forecastSection,
  ingest,
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
