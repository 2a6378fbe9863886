// The configuration is one schema: the "Configuration" table of docs/operations.md lists exactly its
// variables with the same defaults, and a bad value stops with an error naming the variable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseEnv, servesBeyondThisMachine, webhookAddressPolicy } from './env';

/** Rows of docs/operations.md's configuration table: every `NAME` of the first cell, with the default cell. */
function documentedTable(): Map<string, string> {
  const doc = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'operations.md'), 'utf8');
  const section = doc.split(/^## Configuration$/m)[1]!.split(/^#{2,3} /m)[0]!;
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || cells[1] === 'variable' || /^-+$/.test(cells[1]!)) continue;
    for (const [, name] of cells[1]!.matchAll(/`([A-Z0-9_]+)`/g)) rows.set(name!, cells[2]!);
  }
  return rows;
}

describe('the configuration table of docs/operations.md', () => {
  const table = documentedTable();

  it('lists exactly the variables the schema reads', () => {
    expect(table.size).toBeGreaterThan(0);
    expect([...table.keys()].sort()).toEqual(Object.keys(CONFIG_VARIABLES).sort());
  });

  it.each(Object.entries(CONFIG_VARIABLES))('states the default of %s as the schema has it', (name, variable) => {
    expect(table.get(name)).toBe(variable.readme);
    const parsed = parseEnv({}) as Record<string, unknown>;
    const literal = /^`([^`$]*)`$/.exec(variable.readme)?.[1];
    if (literal !== undefined && !/^[A-Z_]+$/.test(literal)) {
      // A literal default: the schema gives exactly that value when the variable is unset.
      expect(String(parsed[name])).toBe(literal);
    } else if (name === 'TRUST_PROXY') {
      expect(parsed[name]).toBe(false);
    } else {
      // "unset", "generated", or another variable's value: nothing is filled in by the schema.
      expect(parsed[name]).toBeUndefined();
    }
  });
});

describe('parseEnv', () => {
  it('reads values, trimmed, with empty meaning unset', () => {
    const parsed = parseEnv({
      PORT: ' 8080 ',
      DATABASE_URL: '  ',
      SCOPE_PRECEDENCE: 'actor, team ,tenant,global',
      TRUST_PROXY: 'TRUE',
      OIDC_NAME: 'Acme SSO',
    });
    expect(parsed).toMatchObject({
      PORT: 8080,
      DATABASE_URL: undefined,
      SCOPE_PRECEDENCE: ['actor', 'team', 'tenant', 'global'],
      TRUST_PROXY: true,
      OIDC_NAME: 'Acme SSO',
    });
  });

  it('reads the webhook development exceptions, strict when unset', () => {
    expect(webhookAddressPolicy(parseEnv({}))).toEqual({ allowHttp: false, allowPrivate: false });
    expect(webhookAddressPolicy(parseEnv({ WEBHOOK_DEV_ALLOW: 'http' }))).toEqual({ allowHttp: true, allowPrivate: false });
    expect(webhookAddressPolicy(parseEnv({ WEBHOOK_DEV_ALLOW: ' Private , http ' }))).toEqual({ allowHttp: true, allowPrivate: true });
  });

  it("reads the recurring jobs' intervals as milliseconds by kind, none when unset", () => {
    expect(parseEnv({}).JOB_EVERY_SECONDS).toBeUndefined();
    expect(parseEnv({ JOB_EVERY_SECONDS: ' alerts.auto-resolve=3, diagnostics.prune=600 ' }).JOB_EVERY_SECONDS).toEqual({
      'alerts.auto-resolve': 3_000,
      'diagnostics.prune': 600_000,
    });
  });

  it.each([
    [{ JOB_EVERY_SECONDS: 'alerts.auto-resolve=0' }, 'JOB_EVERY_SECONDS must list kind=seconds pairs'],
    [{ JOB_EVERY_SECONDS: 'alerts.auto-resolve' }, 'JOB_EVERY_SECONDS must list kind=seconds pairs'],
    [{ SHUTDOWN_DRAIN_SECONDS: '9' }, 'SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 8; it is "9".'],
    [{ JOB_LOG: 'all' }, 'JOB_LOG must be "off" or "runs".'],
    [{ WEBHOOK_DEV_ALLOW: 'http,loopback' }, 'WEBHOOK_DEV_ALLOW may list only "http" and "private"'],
    [{ PORT: 'abc' }, 'PORT must be a whole number from 1 to 65535; it is "abc".'],
    [{ HOST: 'http://0.0.0.0' }, 'HOST must be an address or host name to listen on, such as 127.0.0.1 or 0.0.0.0.'],
    [{ E2E_PORT: '70000' }, 'E2E_PORT must be a whole number from 1 to 65535; it is "70000".'],
    [{ NEXTAUTH_URL: 'localhost:3000' }, 'NEXTAUTH_URL must be a full URL'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must be a PostgreSQL connection string'],
    [{ MIGRATION_DATABASE_URL: 'owner@db' }, 'MIGRATION_DATABASE_URL must be a PostgreSQL connection string'],
    [{ OIDC_ISSUER: 'id.example.com' }, 'OIDC_ISSUER must be a full URL'],
    [{ PASSWORD_HASH_COST: '3' }, 'PASSWORD_HASH_COST must be a whole number from 4 to 31; it is "3".'],
    [{ PASSWORD_HASH_COST: '4', NODE_ENV: 'production' }, 'PASSWORD_HASH_COST must be at least 10 for a production server'],
  ])('refuses %o with an error naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
  });

  it('lets only tests lower the password hashing cost', () => {
    expect(parseEnv({ PASSWORD_HASH_COST: '4', NODE_ENV: 'test' }).PASSWORD_HASH_COST).toBe(4);
    expect(parseEnv({ NODE_ENV: 'production' }).PASSWORD_HASH_COST).toBe(10);
    expect(parseEnv({ PASSWORD_HASH_COST: '12', NODE_ENV: 'production' }).PASSWORD_HASH_COST).toBe(12);
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: '0', E2E_PORT: 'x' })).toThrow(/PORT must be[\s\S]*\nE2E_PORT must be/);
  });
});

describe('servesBeyondThisMachine', () => {
  it.each(['127.0.0.1', '127.0.0.2', '::1', 'localhost', 'LOCALHOST'])('HOST=%s serves this machine only', (host) => {
    expect(servesBeyondThisMachine(host)).toBe(false);
  });

  it.each(['0.0.0.0', '::', '192.0.2.2', 'fd00::2', 'console.example.com'])('HOST=%s serves other machines', (host) => {
    expect(servesBeyondThisMachine(host)).toBe(true);
  });
});
