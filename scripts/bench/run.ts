// The sections of `npm run bench` (scripts/bench/index.ts parses the command line first). Every
// section but ingest by default, or the named ones. The sections that need data run on a database
// the bench creates for this run next to BENCH_DATABASE_URL (scripts/bench/bench-database.ts) and
// fills once (scripts/bench/generate-tenant.ts); it is dropped at the end, also on failure or
// Ctrl-C, and every server the bench started is stopped.
import { config } from '../../server/config/env';
import { numberFlag, textFlag, type BenchArgs, type SectionName } from './args';
import { benchDatabase, isInterrupted, runCleanups } from './bench-database';
import { benchForecast } from './forecast';
import { BENCH_TENANT, generateTenant } from './generate-tenant';
import { runHttpBench } from './http-bench';
import { ingestSection, serverPidOption, shapeOptions } from './ingest';
import { runReadPathBench } from './read-path';
import { runReviewBench } from './review';
import { runRuntimeApiBench } from './runtime-api';
import { runRuntimeEventsBench } from './runtime-events';
import { runWireFormatBench } from './wire-format';

const FORECAST_TARGET_MS = 2_000;

async function forecastSection(url: string): Promise<boolean> {
  const result = await benchForecast({ databaseUrl: url, tenantRef: BENCH_TENANT });
  const ok = result.p95Ms <= FORECAST_TARGET_MS;
  console.log(
    `forecast of one pin for ${result.people.toLocaleString('en-US')} people in ${result.groups} scope sets: ` +
      `p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (${result.runs} runs); grouping SQL ${result.groupingSqlMs} ms ` +
      `(EXPLAIN ANALYZE, in process) | ${ok ? 'ok' : 'MISSED'} (target p95 ≤ ${FORECAST_TARGET_MS} ms)`,
  );
  return ok;
}

async function ingest(args: BenchArgs): Promise<boolean> {
  const url = textFlag(args, 'url');
  const databaseUrl = textFlag(args, 'database');
  if (!url || !databaseUrl) {
    console.log(
      'ingest needs a running console: npm run bench ingest -- --url=http://localhost:3000 --database=postgresql://… (its database)',
    );
    return false;
  }
  const section = await ingestSection({
    url,
    databaseUrl,
    ...shapeOptions(textFlag(args, 'clients'), textFlag(args, 'batch-size')),
    ...serverPidOption(textFlag(args, 'server-pid')),
  });
  console.log(section);
  return !section.includes('misses');
}

const NEEDS_DATA: SectionName[] = ['http', 'review', 'runtime-api', 'read-path', 'forecast'];
const DEFAULT_SECTIONS: SectionName[] = ['wire-format', 'http', 'review', 'runtime-api', 'read-path', 'forecast'];

async function sectionsOf(args: BenchArgs): Promise<number> {
  const names = args.sections.length ? args.sections : DEFAULT_SECTIONS;
  let url = '';
  if (names.some((name) => NEEDS_DATA.includes(name) || name === 'runtime-events')) {
    const database = await benchDatabase(config().BENCH_DATABASE_URL, { reuse: textFlag(args, 'reuse'), keep: args.flags.keep === true });
    url = database.url;
    // runtime-events fills the database itself (its own tenants) and needs no generated tenant.
    if (database.created && names.some((name) => NEEDS_DATA.includes(name))) {
      await generateTenant({ url, people: numberFlag(args, 'people', 100_000), perPerson: numberFlag(args, 'per-person', 10) });
    }
  }
  const sections: Record<SectionName, () => Promise<boolean>> = {
    'wire-format': async () => {
      runWireFormatBench();
      return true;
    },
    http: () => runHttpBench(url, args),
    review: () => runReviewBench(url, { reuse: true }),
    'runtime-api': () => runRuntimeApiBench(url, { reuse: true, inactive: numberFlag(args, 'inactive', 0) }),
    'read-path': () =>
      runReadPathBench(url, { reuse: true, port: numberFlag(args, 'port', 3999), inactive: numberFlag(args, 'inactive', 0) }),
    forecast: () => forecastSection(url),
    ingest: () => ingest(args),
    'runtime-events': () =>
      runRuntimeEventsBench(url, {
        tenants: numberFlag(args, 'tenants', 4),
        eventsPerDay: numberFlag(args, 'events-per-day', 1_000_000),
        largeDay: numberFlag(args, 'large-day', 5_000_000),
        runs: numberFlag(args, 'runs', 20),
      }),
  };
  let ok = true;
  for (const name of names) {
    console.log(`\n== ${name} ==`);
    ok = (await sections[name]()) && ok;
  }
  return ok ? 0 : 1;
}

/** Runs the sections `args` names; cleans up (databases, servers) whatever happens. Returns the exit code. */
export async function runBench(args: BenchArgs): Promise<number> {
  try {
    return await sectionsOf(args);
  } catch (error) {
    if (!isInterrupted()) console.error(error);
    return 2;
  } finally {
    await runCleanups();
  }
}
