// The environment, read in one place (docs/operations.md "Configuration"): one Zod schema of every
// variable that configuration table lists, parsed once. A bad value stops with an error naming the
// variable. `parseEnv(env)` parses any object (tests pass their own); `config()` parses
// process.env on first use and keeps the result for the life of the process.
//
// The table in docs/operations.md is checked against CONFIG_VARIABLES by server/config/env.test.ts:
// adding a variable here without a row there (or the other way round) fails the tests.
import { z } from 'zod';
import { hostAddressKind } from '../domain';

/** Environment variables as handed in (process.env fits). */
export type Env = Record<string, string | undefined>;

/** Trimmed; an empty value counts as unset. */
const text = z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined), z.string().optional());

function withDefault<T extends z.ZodType>(schema: T, fallback: string) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback), schema);
}

function wholeNumber(name: string, min: number, max: number) {
  return z.string().transform((raw, ctx) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}; it is "${raw}".` });
      return z.NEVER;
    }
    return value;
  });
}

const port = (name: string) => wholeNumber(name, 1, 65_535);

/**
 * The bcrypt cost a production server keeps; lower costs are for the tests (docs/operations.md
 * "Configuration").
 */
export const PRODUCTION_PASSWORD_HASH_COST = 10;

function url(name: string) {
  return text.refine((value) => value === undefined || (/^https?:\/\//.test(value) && URL.canParse(value)), {
    message: `${name} must be a full URL such as http://localhost:3000.`,
  });
}

function postgresUrl(name: string) {
  return text.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: `${name} must be a PostgreSQL connection string starting with postgresql://.`,
  });
}

/**
 * Every variable of docs/operations.md "Configuration", with the default its table states. `readme`
 * (named when the table lived in the README) is the table's default column word for word, so the
 * check against docs/operations.md is exact.
 */
export const CONFIG_VARIABLES = {
  DATABASE_URL: { schema: postgresUrl('DATABASE_URL'), readme: 'unset' },
  MIGRATION_DATABASE_URL: { schema: postgresUrl('MIGRATION_DATABASE_URL'), readme: '`DATABASE_URL`' },
  DATABASE_POOL_MODE: {
    schema: withDefault(z.enum(['session', 'transaction'], { error: 'DATABASE_POOL_MODE must be session or transaction.' }), 'session'),
    readme: '`session`',
  },
  DATABASE_REPLICA_URL: { schema: postgresUrl('DATABASE_REPLICA_URL'), readme: 'unset' },
  REPLICA_WAIT_MS: { schema: withDefault(wholeNumber('REPLICA_WAIT_MS', 0, 10_000), '500'), readme: '`500`' },
  MEMORY_CONSOLE_DATA_DIR: { schema: withDefault(z.string(), '.data/pglite'), readme: '`.data/pglite`' },
  PORT: { schema: withDefault(port('PORT'), '3000'), readme: '`3000`' },
  HOST: {
    schema: withDefault(
      z.string().regex(/^[A-Za-z0-9.:-]+$/, 'HOST must be an address or host name to listen on, such as 127.0.0.1 or 0.0.0.0.'),
      '127.0.0.1',
    ),
    readme: '`127.0.0.1`',
  },
  NEXTAUTH_URL: { schema: url('NEXTAUTH_URL'), readme: '`http://localhost:$PORT`' },
  NEXTAUTH_SECRET: { schema: text, readme: 'generated' },
  OIDC_ISSUER: { schema: url('OIDC_ISSUER'), readme: 'unset' },
  OIDC_CLIENT_ID: { schema: text, readme: 'unset' },
  OIDC_CLIENT_SECRET: { schema: text, readme: 'unset' },
  OIDC_NAME: { schema: withDefault(z.string(), 'Single sign-on'), readme: '`Single sign-on`' },
  OIDC_PROVISION_TENANT: { schema: text, readme: 'unset' },
  TRUST_PROXY: {
    schema: z
      .preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : ''), z.string())
      .transform((raw) => ['1', 'true', 'yes'].includes(raw)),
    readme: 'unset',
  },
  SCOPE_PRECEDENCE: {
    schema: withDefault(z.string(), 'actor,tenant,global').transform((raw) =>
      raw
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean),
    ),
    readme: '`actor,tenant,global`',
  },
  RUNTIME_EVENT_RETENTION_DAYS: { schema: withDefault(wholeNumber('RUNTIME_EVENT_RETENTION_DAYS', 1, 400), '14'), readme: '`14`' },
  ALERT_QUIET_MINUTES: { schema: withDefault(wholeNumber('ALERT_QUIET_MINUTES', 1, 10_080), '60'), readme: '`60`' },
  WEBHOOK_DEV_ALLOW: {
    schema: z
      .preprocess((value) => (typeof value === 'string' ? value : ''), z.string())
      .transform((raw, ctx) => {
        const words = raw
          .split(',')
          .map((word) => word.trim().toLowerCase())
          .filter(Boolean);
        const unknown = words.filter((word) => word !== 'http' && word !== 'private');
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `WEBHOOK_DEV_ALLOW may list only "http" and "private" (comma-separated); it is "${raw}".`,
          });
          return z.NEVER;
        }
        // Unset: undefined, and the strict rules apply (webhookAddressPolicy).
        return words.length === 0 ? undefined : { allowHttp: words.includes('http'), allowPrivate: words.includes('private') };
      }),
    readme: 'unset',
  },
  JOB_RUNNER: { schema: withDefault(z.enum(['on', 'off'], { message: 'JOB_RUNNER must be "on" or "off".' }), 'on'), readme: '`on`' },
  JOB_POLL_SECONDS: { schema: withDefault(wholeNumber('JOB_POLL_SECONDS', 1, 3_600), '5'), readme: '`5`' },
  JOB_EVERY_SECONDS: {
    schema: text.transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const everyMs: Record<string, number> = {};
      for (const pair of raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const match = /^([a-z.-]+)=(\d{1,6})$/.exec(pair);
        if (!match || Number(match[2]) < 1) {
          ctx.addIssue({
            code: 'custom',
            message: `JOB_EVERY_SECONDS must list kind=seconds pairs (comma-separated, seconds from 1 to 999999), e.g. "alerts.auto-resolve=60"; "${pair}" is not one.`,
          });
          return z.NEVER;
        }
        everyMs[match[1]!] = Number(match[2]) * 1000;
      }
      return everyMs;
    }),
    readme: 'unset',
  },
  JOB_LOG: { schema: withDefault(z.enum(['off', 'runs'], { message: 'JOB_LOG must be "off" or "runs".' }), 'off'), readme: '`off`' },
  SHUTDOWN_DRAIN_SECONDS: { schema: withDefault(wholeNumber('SHUTDOWN_DRAIN_SECONDS', 0, 8), '0'), readme: '`0`' },
  TEST_DATABASE_URL: { schema: postgresUrl('TEST_DATABASE_URL'), readme: 'unset' },
  E2E_PORT: { schema: withDefault(port('E2E_PORT'), '3100'), readme: '`3100`' },
  E2E_WORKERS: { schema: withDefault(wholeNumber('E2E_WORKERS', 1, 10), '3'), readme: '`3`' },
  CHROMIUM_PATH: { schema: text, readme: '`/usr/bin/chromium-headless-shell`, else `/usr/bin/chromium`' },
  BENCH_DATABASE_URL: {
    schema: withDefault(
      z.string().regex(/^postgres(ql)?:\/\//, 'BENCH_DATABASE_URL must be a PostgreSQL connection string starting with postgresql://.'),
      'postgresql://postgres@127.0.0.1:5432/mc_bench',
    ),
    readme: '`postgresql://postgres@127.0.0.1:5432/mc_bench`',
  },
  PASSWORD_HASH_COST: { schema: withDefault(wholeNumber('PASSWORD_HASH_COST', 4, 31), '10'), readme: '`10`' },
} as const;

/**
 * Set by the console's own tools, not by whoever runs it, so not in the configuration table: NODE_ENV
 * (Next.js sets it) and MEMORY_CONSOLE_LOCK_TOKEN (`npm start` hands its folder lock to the server).
 */
const INTERNAL_VARIABLES = {
  NODE_ENV: text,
  MEMORY_CONSOLE_LOCK_TOKEN: text,
} as const;

type Documented = typeof CONFIG_VARIABLES;
const schema = z
  .object({
    ...(Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([name, variable]) => [name, variable.schema])) as {
      [K in keyof Documented]: Documented[K]['schema'];
    }),
    ...INTERNAL_VARIABLES,
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'DATABASE_REPLICA_URL is set but DATABASE_URL is not: a read replica needs a PostgreSQL primary (DATABASE_URL).',
      });
    }
    if (env.DATABASE_REPLICA_URL && env.DATABASE_REPLICA_URL === env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'DATABASE_REPLICA_URL is the same as DATABASE_URL: point it at the replica, or leave it unset to read from the primary.',
      });
    }
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < PRODUCTION_PASSWORD_HASH_COST) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `PASSWORD_HASH_COST must be at least ${PRODUCTION_PASSWORD_HASH_COST} for a production server; lower costs are for tests.`,
      });
    }
  });

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses `env`; a ConfigError naming every bad variable and what it must be. */
export function parseEnv(env: Env): Config {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
  });
  throw new ConfigError(lines.join('\n'));
}

let cached: Config | undefined;

/** The process's configuration, parsed from process.env once. */
export function config(): Config {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * What alert webhooks may reach in this deployment (docs/operations.md "Alert webhooks"): strict
 * unless WEBHOOK_DEV_ALLOW says otherwise.
 */
export function webhookAddressPolicy(settings: Partial<Pick<Config, 'WEBHOOK_DEV_ALLOW'>>): { allowHttp: boolean; allowPrivate: boolean } {
  return settings.WEBHOOK_DEV_ALLOW ?? { allowHttp: false, allowPrivate: false };
}

/**
 * Whether listening on `host` (HOST) lets other machines reach the console: anything but a
 * loopback address or `localhost` does (0.0.0.0, ::, a network address, a host name).
 */
export function servesBeyondThisMachine(host: string): boolean {
  return hostAddressKind(host) !== 'loopback';
}

/** `env` parsed when given (tests, child processes), else the process's own configuration. */
export function configOf(env?: Env): Config {
  return env ? parseEnv(env) : config();
}
