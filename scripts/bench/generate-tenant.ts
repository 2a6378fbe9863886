// The benchmarks' data (docs/benchmarks.md "The data"): in the empty database the bench created
// (scripts/bench/bench-database.ts; never one it did not make), one large
// tenant — by default 100,000 people holding 1,000,000 of the assistant's conclusions at their own
// scopes, with the key and wording repetition real conversations give (a few keys everyone has, a
// long tail; a few wordings per key, one of them common), plus facts published for the tenant and
// globally. Rows go in through COPY, so the review summary's trigger sees them as any bulk load
// would.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../../server/db/open-database';

export const BENCH_TENANT = 'bench';
/** Distinct keys added beyond the 400 common ones, for the review queue. */
export const TAIL_KEYS = 20_000;
/** Tail keys an administrator dismissed, and after them those snoozed, before the bench (a queue in use). */
const DISMISSED_KEYS = 200;
const SNOOZED_KEYS = 50;

const SUBJECTS = [
  'meeting',
  'report',
  'travel',
  'hotel',
  'lunch',
  'email',
  'calendar',
  'invoice',
  'slide',
  'call',
  'chat',
  'review',
  'budget',
  'contract',
  'ticket',
  'release',
  'holiday',
  'training',
  'office',
  'expense',
];
const ASPECTS = [
  'length',
  'format',
  'time',
  'day',
  'language',
  'tone',
  'channel',
  'owner',
  'reminder',
  'summary',
  'detail',
  'template',
  'deadline',
  'priority',
  'location',
  'size',
  'style',
  'order',
  'limit',
  'frequency',
];
const WORDINGS = [
  'short',
  'brief',
  'very short',
  'detailed',
  'in English',
  'in German',
  'early in the day',
  'late in the day',
  'on Mondays',
  'by email',
];
const BASES = ['Prefers the {s} {a} to be {w}.', 'Likes a {w} {s} {a}.', 'Wants the {s} {a} {w}, please.'];

/** A deterministic random source, so every run builds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface GenerateOptions {
  url: string;
  people?: number;
  perPerson?: number;
  log?: (line: string) => void;
}

/** Every key the generator uses, most popular first. */
export function benchKeys(): string[] {
  return SUBJECTS.flatMap((subject) => ASPECTS.map((aspect) => `${subject}-${aspect}`));
}

function wordingOf(key: string, keyIndex: number, variant: number): string {
  const [subject, aspect] = key.split('-') as [string, string];
  const base = BASES[(keyIndex + variant) % BASES.length]!;
  return base
    .replace('{s}', subject)
    .replace('{a}', aspect)
    .replace('{w}', WORDINGS[(keyIndex * 3 + variant) % WORDINGS.length]!);
}

const csv = (fields: (string | null)[]) =>
  `${fields.map((field) => (field === null ? '' : `"${field.replaceAll('"', '""')}"`)).join(',')}\n`;

async function copy(client: pg.Client, sql: string, rows: Iterable<string>) {
  await pipeline(Readable.from(rows), client.query(copyFrom(sql)));
}

function* users(people: number, at: string) {
  for (let p = 0; p < people; p++) yield csv([`usr_bench_${p}`, `person${p}@bench.example`, `Person ${p}`, `p${p}`, BENCH_TENANT, at]);
}

function* threads(count: number, at: string) {
  for (let t = 0; t < count; t++) yield csv([`thr_bench_${t}`, `p${t}`, `Conversation ${t}`, t % 10 === 0 ? at : null]);
}

function* memories(people: number, perPerson: number, now: number) {
  const next = random(20261202);
  const keys = benchKeys();
  for (let p = 0; p < people; p++) {
    const held = new Set<number>();
    while (held.size < perPerson) held.add(Math.floor(keys.length * next() ** 3)); // a few keys are everyone's
    for (const k of held) {
      const variants = 1 + (k % 8);
      const variant = Math.floor(variants * next() ** 2); // one wording is common, the rest rarer
      const updated = new Date(now - Math.floor(next() * 400 * 86_400_000)).toISOString();
      const thread = next() < 0.05 ? `thr_bench_${Math.floor(next() * 20_000)}` : null;
      yield csv([
        `mem_bench_${p}_${k}`,
        keys[k]!,
        wordingOf(keys[k]!, k, variant),
        `actor:p${p}`,
        BENCH_TENANT,
        'agent',
        `p${p}`,
        thread,
        updated,
      ]);
    }
  }
}

export async function generateTenant({ url, people = 100_000, perPerson = 10, log = console.log }: GenerateOptions): Promise<void> {
  await (await openDatabase({ kind: 'postgres', url })).close(); // migrates
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const now = Date.UTC(2026, 11, 1);
    const at = new Date(now).toISOString();
    await client.query(`INSERT INTO "tenant" ("ref", "name", "updatedAt") VALUES ($1, 'Benchmark tenant', $2)`, [BENCH_TENANT, at]);
    await copy(
      client,
      'COPY "user" ("id", "email", "name", "actorRef", "tenantRef", "updatedAt") FROM STDIN (FORMAT csv)',
      users(people, at),
    );
    await client.query(`INSERT INTO "grant" ("id", "userId", "scope", "role") VALUES ('grt_bench_admin', 'usr_bench_0', $1, 'admin')`, [
      `tenant:${BENCH_TENANT}`,
    ]);
    await copy(client, 'COPY "thread" ("id", "actorRef", "title", "deletedAt") FROM STDIN (FORMAT csv)', threads(20_000, at));
    log(`generate: ${people} people, ${20_000} conversations (${Math.round(performance.now() - started)} ms)`);
    await copy(
      client,
      'COPY "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "actorRef", "threadId", "updatedAt") FROM STDIN (FORMAT csv)',
      memories(people, perPerson, now),
    );
    log(`generate: ${people * perPerson} conclusions (${Math.round(performance.now() - started)} ms)`);
    // The long tail a review queue meets (docs/benchmarks.md): 20,000 more distinct keys, each concluded for
    // one or two people, so the queue groups over 20,000+ keys whatever the tenant's size.
    await client.query(
      `INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "actorRef", "updatedAt")
       SELECT 'mem_tail_' || g || '_' || c, 'tail-' || lpad(g::text, 5, '0'), 'Mentioned topic ' || g || ' once', 'actor:p' || ((g * 7 + c) % $1),
              $2, 'agent', 'p' || ((g * 7 + c) % $1), $3::timestamptz - (g || ' minutes')::interval
       FROM generate_series(1, ${TAIL_KEYS}) g CROSS JOIN generate_series(0, 1) c WHERE c = 0 OR g % 3 = 0
       ON CONFLICT DO NOTHING`,
      [people, BENCH_TENANT, at],
    );
    log(`generate: ${TAIL_KEYS} long-tail keys (${Math.round(performance.now() - started)} ms)`);
    // An administrator's earlier decisions, as a queue in use holds them: some tail keys dismissed and
    // some snoozed for a month. With both tables empty the planner took each for one row and scanned
    // it once per group, 6 ms of the queue's statement (docs/benchmark-history.md
    // "6 December, until 13:40: changes and their figures").
    await client.query(
      `INSERT INTO "review_dismissal" ("tenantRef", "key", "dismissedBy", "dismissedAt")
       SELECT $1, 'tail-' || lpad(g::text, 5, '0'), 'usr_bench_0', $2 FROM generate_series(1, ${DISMISSED_KEYS}) g`,
      [BENCH_TENANT, at],
    );
    await client.query(
      `INSERT INTO "review_snooze" ("tenantRef", "key", "snoozedUntil", "seenNewestAt", "snoozedBy", "snoozedAt", "version")
       SELECT $1, 'tail-' || lpad(g::text, 5, '0'), $2::timestamptz + interval '30 days', $2, 'usr_bench_0', $2, 1
       FROM generate_series(${DISMISSED_KEYS + 1}, ${DISMISSED_KEYS + SNOOZED_KEYS}) g`,
      [BENCH_TENANT, at],
    );
    const facts = benchKeys()
      .slice(0, 70)
      .map((key, i) => [i < 50 ? `tenant:${BENCH_TENANT}` : 'global', key, wordingOf(key, i, 0)]);
    for (const [scope, key, text] of facts) {
      await client.query(
        `INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "updatedAt") VALUES ($1, $2, $3, $4, $5, 'human', $6)`,
        [`mem_fact_${scope}_${key}`, key, text, scope, scope === 'global' ? null : BENCH_TENANT, at],
      );
    }
    await client.query('ANALYZE');
    log(`generate: ${facts.length} published facts; done in ${Math.round(performance.now() - started)} ms`);
  } finally {
    await client.end();
  }
}
