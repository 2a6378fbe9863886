// The bench's command line (docs/benchmarks.md "Running them"): section names and `--flag[=value]`
// flags, checked before anything runs. `--help` prints what follows and does nothing else; an
// unknown section or flag, or a flag without the value it needs, is an error (exit 2) naming it.
// Pure: no database, no environment, so `npm run bench -- --help` is fast and harmless.

export const SECTION_NAMES = ['wire-format', 'http', 'review', 'runtime-api', 'read-path', 'forecast', 'ingest', 'runtime-events'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

const SECTION_HELP: Record<SectionName, string> = {
  'wire-format': 'in process: the wire format of an answer (no database)',
  http: 'over HTTP against `next start` started by the bench, in both pool modes: cold first request, /memories, the review queue (tRPC), the runtime list and search (REST), each beside its statement prepared through pg; then ingest (30 s+) alternated with the plain INSERT',
  review: 'in process: the review queue services on the generated tenant',
  'runtime-api': 'in process: the runtime API services on the generated tenant',
  'read-path': 'in process: My memories and the REST read-back on the generated tenant (and PGlite)',
  forecast: 'in process: the pin budget forecast on the generated tenant',
  ingest: 'posts to a console you run yourself: needs --url and --database (its own database)',
  'runtime-events':
    'in process, on its own database (not run by default): 400 days of rollups and 14 daily partitions of raw events, the /ops 30-day chart and dropping a day',
};

/** What `http --endpoints=` may name: its endpoints, and ingest. */
export const HTTP_ENDPOINT_NAMES = [
  'page-floor',
  'account',
  'memories',
  'review',
  'trpc-floor',
  'runtime-list',
  'runtime-list-changed',
  'runtime-search',
  'read-back',
  'ingest',
] as const;

type FlagKind = 'boolean' | 'count' | 'whole' | 'text' | 'port';

const FLAGS: Record<string, { kind: FlagKind; help: string }> = {
  help: { kind: 'boolean', help: 'print this and exit (nothing else runs)' },
  people: { kind: 'count', help: 'people in the generated tenant (default 100000)' },
  'per-person': { kind: 'count', help: 'conclusions per person (default 10)' },
  runs: { kind: 'count', help: 'alternated runs per figure (default 3, at least 3)' },
  requests: { kind: 'count', help: 'requests per run and endpoint over HTTP (default 100: a p95 of 30 is their second slowest)' },
  warmup: {
    kind: 'whole',
    help: '`http`: requests per endpoint after the cold one and before the runs, their CPU shown by the hundred (default 1000; 0 for none)',
  },
  'server-per-run': {
    kind: 'boolean',
    help: '`http`: each run on a server of its own, started and warmed for it (default: one server for every run of a pool mode; `--compare` starts fresh servers every round anyway)',
  },
  idle: {
    kind: 'count',
    help: "`http`: after the runs, each endpoint's first request after this many seconds without any, once a run (default: not measured; node-postgres closes an unused connection after 10 s unless told otherwise)",
  },
  'ingest-seconds': { kind: 'count', help: 'seconds of ingest per run in `http` (default 30, at least 30)' },
  'pool-modes': { kind: 'text', help: 'pool modes for `http`: session,transaction (default both)' },
  endpoints: {
    kind: 'text',
    help: `\`http\`: only these, comma-separated: ${HTTP_ENDPOINT_NAMES.join(', ')} (default all)`,
  },
  port: { kind: 'port', help: 'port of the server the bench starts (default 3999; `--compare` also uses the next one)' },
  compare: {
    kind: 'text',
    help: '`http`: instead of its figures, this build’s server CPU per request against the build of another checkout (a directory, installed and built, on the same database schema), their requests taking turns; ingest is not compared',
  },
  keep: { kind: 'boolean', help: 'leave the database the bench created, for a later --reuse' },
  reuse: { kind: 'text', help: 'measure a database a previous `--keep` run created (refused unless the bench made it)' },
  inactive: {
    kind: 'text',
    help: '`runtime-api`, `read-path`: share of the records made muted or expired (half each) before measuring, e.g. 0.2 (default 0)',
  },
  url: { kind: 'text', help: '`ingest`: the address of a running console' },
  database: { kind: 'text', help: '`ingest`: that console’s own database URL' },
  clients: { kind: 'count', help: '`ingest`: concurrent clients (default 4)' },
  'batch-size': { kind: 'count', help: '`ingest`: conclusions per batch (default 1000)' },
  tenants: { kind: 'count', help: '`runtime-events`: tenants with 400 days of rollups (default 4)' },
  'events-per-day': { kind: 'count', help: '`runtime-events`: raw events in each of 13 daily partitions (default 1000000)' },
  'large-day': { kind: 'count', help: '`runtime-events`: raw events in the oldest day, the one dropped (default 5000000)' },
  'server-pid': { kind: 'count', help: '`ingest`: pid of that console’s server, for its CPU per batch' },
};

export interface BenchArgs {
  sections: SectionName[];
  flags: Record<string, string | true>;
}

export type ParsedArgs = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; args: BenchArgs };

export function helpText(): string {
  const width = Math.max(...SECTION_NAMES.map((name) => name.length), ...Object.keys(FLAGS).map((name) => name.length + 8));
  const sections = SECTION_NAMES.map((name) => `  ${name.padEnd(width)}  ${SECTION_HELP[name]}`);
  const flags = Object.entries(FLAGS).map(([name, { kind, help }]) => {
    const shown = kind === 'boolean' ? `--${name}` : `--${name}=…`;
    return `  ${shown.padEnd(width)}  ${help}`;
  });
  return [
    'npm run bench [section…] [-- flags]',
    '',
    'Every section but ingest by default. The bench creates its own database on BENCH_DATABASE_URL’s server,',
    'named after that URL’s database plus a timestamp and its pid, marks it as the bench’s, and drops only',
    'that one at the end (also on Ctrl-C). It never drops or rewrites a database it did not create.',
    '',
    'Sections:',
    ...sections,
    '',
    'Flags:',
    ...flags,
  ].join('\n');
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const sections: SectionName[] = [];
  const flags: Record<string, string | true> = {};
  for (const arg of argv) {
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (!arg.startsWith('-')) {
      if (!(SECTION_NAMES as readonly string[]).includes(arg)) {
        return { kind: 'error', message: `Unknown section: ${arg}. Sections: ${SECTION_NAMES.join(', ')}.` };
      }
      if (!sections.includes(arg as SectionName)) sections.push(arg as SectionName);
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const spec = match ? FLAGS[match[1]!] : undefined;
    if (!match || !spec) return { kind: 'error', message: `Unknown flag: ${arg}. See npm run bench -- --help.` };
    const [, name, value] = match as unknown as [string, string, string | undefined];
    if (spec.kind === 'boolean') {
      if (value !== undefined) return { kind: 'error', message: `--${name} takes no value (got ${arg}).` };
      flags[name] = true;
      continue;
    }
    if (value === undefined || value === '') return { kind: 'error', message: `--${name} needs a value: --${name}=…` };
    if ((spec.kind === 'count' || spec.kind === 'port') && !/^[1-9][0-9]*$/.test(value)) {
      return { kind: 'error', message: `--${name} must be a whole number above 0 (got ${value}).` };
    }
    if (spec.kind === 'whole' && !/^(0|[1-9][0-9]*)$/.test(value)) {
      return { kind: 'error', message: `--${name} must be a whole number, 0 or more (got ${value}).` };
    }
    if (spec.kind === 'port' && Number(value) > 65_535)
      return { kind: 'error', message: `--${name} must be a port up to 65535 (got ${value}).` };
    flags[name] = value;
  }
  for (const [name, minimum] of [
    ['runs', 3],
    ['ingest-seconds', 30],
  ] as const) {
    if (flags[name] !== undefined && Number(flags[name]) < minimum) {
      return { kind: 'error', message: `--${name} must be at least ${minimum} (got ${String(flags[name])}).` };
    }
  }
  if (typeof flags['pool-modes'] === 'string') {
    const modes = flags['pool-modes'].split(',');
    const bad = modes.find((mode) => mode !== 'session' && mode !== 'transaction');
    if (bad !== undefined) return { kind: 'error', message: `--pool-modes takes session and/or transaction (got ${bad}).` };
  }
  if (typeof flags.endpoints === 'string') {
    const bad = flags.endpoints.split(',').find((name) => !(HTTP_ENDPOINT_NAMES as readonly string[]).includes(name));
    if (bad !== undefined) return { kind: 'error', message: `--endpoints takes ${HTTP_ENDPOINT_NAMES.join(', ')} (got ${bad}).` };
  }
  if (flags.inactive !== undefined) {
    const share = Number(flags.inactive);
    if (flags.inactive === true || !Number.isFinite(share) || share < 0 || share > 0.9) {
      return { kind: 'error', message: `--inactive takes a share from 0 to 0.9, e.g. 0.2 (got ${String(flags.inactive)}).` };
    }
  }
  if (flags.compare !== undefined && Number(flags.port ?? 3999) >= 65_535) {
    return { kind: 'error', message: `--compare starts a second server on the port after --port, so --port must be below 65535.` };
  }
  if (typeof flags.reuse === 'string' && !/^[a-z0-9_]+$/.test(flags.reuse)) {
    return { kind: 'error', message: `--reuse takes a database name of letters, digits and _ (got ${flags.reuse}).` };
  }
  return { kind: 'run', args: { sections, flags } };
}

/** A number flag's value, or `fallback` when it was not given (parseArgs has checked the form). */
export function numberFlag(args: BenchArgs, name: string, fallback: number): number {
  const value = args.flags[name];
  return typeof value === 'string' ? Number(value) : fallback;
}

export function textFlag(args: BenchArgs, name: string): string | undefined {
  const value = args.flags[name];
  return typeof value === 'string' ? value : undefined;
}
