// Test files share their worker's loaded modules (vitest.config.ts), so a file that replaces a
// module or changes the environment must run isolated, and says so in its name
// (`*.isolated.test.ts`, `*.isolated.int.test.ts`, `*.isolated.attack.test.ts`): this fails for one
// that does not.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './npm-script';

/** What leaks into the next file in a shared worker: replaced modules, stubbed globals, an environment changed in place. */
const LEAKS = [
  /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|resetModules)\(/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=|\|\|=)/,
  /\bdelete\s+process\.env\b/,
];

function leaksIntoNextFile(text: string): boolean {
  return LEAKS.some((pattern) => pattern.test(text));
}

const testFiles = ['server', 'app', 'components']
  .flatMap((dir) => readdirSync(path.join(repositoryRoot, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  // This file's own examples above are text, not calls.
  .filter((file) => file.endsWith('.test.ts') && file !== 'server/testing/isolation.test.ts');

describe('isolated test files', () => {
  it.each([
    ["vi.mock('@node-rs/bcrypt')", true],
    ["vi.stubEnv('DATABASE_URL', '')", true],
    ["process.env.TZ = 'Pacific/Auckland';", true],
    ["process.env['TZ'] ??= 'UTC';", true],
    ['delete process.env.TZ;', true],
    ["if (process.env.TZ === 'UTC') {}", false],
    ['const env = { ...process.env, TZ: "UTC" };', false],
  ])('%s leaks into the next file: %s', (text, leaks) => {
    expect(leaksIntoNextFile(text)).toBe(leaks);
  });

  it('are exactly the files that replace modules or change the environment', () => {
    const unnamed = testFiles.filter(
      (file) => !file.includes('.isolated.') && leaksIntoNextFile(readFileSync(path.join(repositoryRoot, file), 'utf8')),
    );
    expect(unnamed, 'rename these to *.isolated.test.ts / *.isolated.int.test.ts (server/testing/README.md)').toEqual([]);
  });
});
