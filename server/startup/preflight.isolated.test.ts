import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nextEnv from '@next/env';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTargetFromEnv } from '../db/config';
import { checkAuthSecret, checkPortFree, DEFAULT_PORT, launchEnvironment, portFromEnv, StartupCheckError } from './preflight';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(host?: string): Promise<number> {
  const server = createServer();
  servers.push(server);
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)));
}

describe('portFromEnv', () => {
  it('defaults to 3000 and reads a valid PORT', () => {
    expect(portFromEnv({})).toBe(DEFAULT_PORT);
    expect(portFromEnv({ PORT: ' 8080 ' })).toBe(8080);
  });

  it.each(['abc', '0', '65536', '80.5', '-1', '3000x'])('refuses PORT=%s, naming PORT and the value', (value) => {
    expect(() => portFromEnv({ PORT: value })).toThrow(StartupCheckError);
    expect(() => portFromEnv({ PORT: value })).toThrow(`PORT must be a whole number from 1 to 65535; it is "${value}".`);
  });
});

describe('checkAuthSecret', () => {
  const dataDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'mc-preflight-')), 'pglite');

  it('refuses production on DATABASE_URL without NEXTAUTH_SECRET, naming the variable', () => {
    const env = { DATABASE_URL: 'postgresql://localhost/x', NEXTAUTH_SECRET: '' };
    expect(() => checkAuthSecret(env, 'production')).toThrow(/NEXTAUTH_SECRET must be set/);
  });

  it('accepts a configured secret, the development server, and the embedded database', () => {
    const dir = dataDir();
    try {
      expect(() => checkAuthSecret({ DATABASE_URL: 'postgresql://localhost/x', NEXTAUTH_SECRET: 's3cret' }, 'production')).not.toThrow();
      expect(() =>
        checkAuthSecret({ DATABASE_URL: 'postgresql://localhost/x', MEMORY_CONSOLE_DATA_DIR: dir }, 'development'),
      ).not.toThrow();
      expect(() => checkAuthSecret({ MEMORY_CONSOLE_DATA_DIR: dir }, 'production')).not.toThrow();
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});

describe('checkPortFree', () => {
  it('resolves for a free port', async () => {
    const port = await listen();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(checkPortFree(port, '127.0.0.1')).resolves.toBeUndefined();
  });

  it.each([undefined, '127.0.0.1'])('refuses a port something listens on (host %s), naming PORT', async (host) => {
    const port = await listen(host);
    await expect(checkPortFree(port, '127.0.0.1')).rejects.toThrow(
      `Port ${port} is already in use. Stop what is using it, or set PORT to a free port.`,
    );
  });
});

describe('launchEnvironment: npm start reads the .env file the server reads', () => {
  const VARIABLES = ['DATABASE_URL', 'NEXTAUTH_SECRET', 'NEXTAUTH_URL', 'PORT', 'HOST'];

  /** Runs `check` with `file` as the .env of a project folder, the shell setting none of VARIABLES. */
  function withDotEnv(file: string, check: (root: string) => void) {
    const root = mkdtempSync(path.join(tmpdir(), 'mc-dotenv-'));
    const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
    for (const name of VARIABLES) delete process.env[name];
    try {
      writeFileSync(path.join(root, '.env'), file);
      check(root);
    } finally {
      // The loader wrote into process.env: put it back as it was.
      nextEnv.resetEnv();
      for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
      rmSync(root, { recursive: true, force: true });
    }
  }

  it('DATABASE_URL in .env: the launcher judges PostgreSQL, so without NEXTAUTH_SECRET it stops, naming it', () => {
    withDotEnv('DATABASE_URL=postgresql://console@db.invalid:5432/memory_console\n', (root) => {
      expect(() => launchEnvironment(root, false)).toThrow(StartupCheckError);
      expect(() => launchEnvironment(root, false)).toThrow(/NEXTAUTH_SECRET must be set/);
    });
  });

  it('DATABASE_URL and NEXTAUTH_SECRET in .env: both reach the checks and what the launcher hands on', () => {
    withDotEnv('DATABASE_URL=postgresql://console@db.invalid:5432/memory_console\nNEXTAUTH_SECRET=from-the-file\n', (root) => {
      const launch = launchEnvironment(root, false);
      expect(launch.envFiles).toEqual(['.env']);
      expect(databaseTargetFromEnv(launch.env)).toEqual({
        kind: 'postgres',
        poolMode: 'session',
        url: 'postgresql://console@db.invalid:5432/memory_console',
      });
      expect(launch.env.NEXTAUTH_SECRET).toBe('from-the-file');
      expect(launch.settings).toMatchObject({ PORT: 3000, HOST: '127.0.0.1' });
      expect(launch.env.NEXTAUTH_URL).toBe('http://localhost:3000');
    });
  });
});
