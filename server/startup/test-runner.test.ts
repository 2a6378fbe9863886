// `npm test` says at once what it cannot do (no Chromium; no PostgreSQL), and the end-to-end
// configuration removes the temporary data folder it makes.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmScript } from '../testing/npm-script';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'mc-test-runner-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm test', () => {
  it('stops before typechecking when there is no Chromium, and says the PostgreSQL half is skipped', () => {
    const started = Date.now();
    // What `npm test` runs, without npm in front (server/testing/npm-script.ts).
    const { command, args } = npmScript('test');
    const run = spawnSync(command, args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: path.join(scratch, 'no-chromium'), TEST_DATABASE_URL: '' },
      timeout: 60_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status).not.toBe(0);
    expect(output).toContain(`No Chromium at ${path.join(scratch, 'no-chromium')}`);
    expect(output).toContain('PostgreSQL: skipped (set TEST_DATABASE_URL');
    expect(output).not.toContain('typecheck');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('stops before typechecking when a port the end-to-end consoles need is taken, naming E2E_PORT', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const { command, args } = npmScript('test');
      // Asynchronously, so that this process keeps answering on the port while the child probes it.
      const child = spawn(command, args, {
        cwd: root,
        env: { ...process.env, E2E_PORT: String(port), TEST_DATABASE_URL: '', CHROMIUM_PATH: process.execPath },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(status).not.toBe(0);
      expect(output).toContain(`Port ${port} is already in use. Stop what is using it, or set E2E_PORT to a free port.`);
      expect(output).not.toContain('typecheck');
      expect(output).not.toMatch(/EADDRINUSE|\n\s+at /);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('leaves no end-to-end data folder in the temporary directory', () => {
    const temp = mkdtempSync(path.join(scratch, 'tmp-'));
    // Any existing file will do as the browser: listing the tests starts none.
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temp, CHROMIUM_PATH: process.execPath };
    // Without the folders an outer Playwright run would hand down (E2E_DATA_DIR_0, …).
    for (const name of Object.keys(env)) if (/^E2E_.*DATA_DIR/.test(name)) delete env[name];
    const run = spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', '--list'], {
      cwd: root,
      encoding: 'utf8',
      env,
      timeout: 60_000,
    });
    expect(`${run.stdout}${run.stderr}`).toMatch(/Total: \d+ tests/);
    expect(run.status).toBe(0);
    expect(readdirSync(temp).filter((name) => name.startsWith('memory-console-e2e-'))).toEqual([]);
  }, 60_000);
});
