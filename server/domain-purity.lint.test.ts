// The lint rule that keeps server/domain pure actually fires: imports from outside, the clock,
// randomness and the environment are errors there, and ordinary code elsewhere is untouched.
import { describe, expect, it } from 'vitest';
import { lintProblems as problems, warmUpLint } from './testing/lint-text';

warmUpLint();

describe('server/domain purity rule', () => {
  it.each([
    ['a package', "import { z } from 'zod';\nexport const a = z;\n", /'zod' is outside server\/domain/],
    ['the database layer', "import { getPrisma } from '../db/client';\nexport const a = getPrisma;\n", /'\.\.\/db\/client' is outside/],
    ['a node built-in', "import { randomUUID } from 'node:crypto';\nexport const a = randomUUID;\n", /'node:crypto' is outside/],
    ['the project alias', "import { x } from '@/server/db/config';\nexport const a = x;\n", /'@\/server\/db\/config' is outside/],
    ['a dynamic import', "export const a = () => import('next/headers');\n", /'next\/headers' is outside/],
    ['a re-export', "export * from '../api/trpc';\n", /'\.\.\/api\/trpc' is outside/],
    ['the clock', 'export const now = () => Date.now();\n', /reads no clock/],
    ['a new Date()', 'export const now = () => new Date();\n', /reads no clock/],
    ['randomness', 'export const pick = () => Math.random();\n', /uses no randomness/],
    ['the environment', 'export const env = () => process.env.X;\n', /reads no environment/],
  ])('refuses %s', async (_case, code, expected) => {
    const found = await problems(code, 'server/domain/example.ts');
    expect(found.some((line) => expected.test(line))).toBe(true);
  });

  it('accepts imports inside server/domain and dates passed in', async () => {
    const code = "import { actorScope } from './scope-tokens';\nexport const at = (ms: number) => [actorScope('u1'), new Date(ms)];\n";
    expect(await problems(code, 'server/domain/example.ts')).toEqual([]);
  });

  it('lets domain tests use vitest and fast-check, nothing else from outside', async () => {
    const ok = "import { it } from 'vitest';\nimport fc from 'fast-check';\nit('x', () => fc);\n";
    expect(await problems(ok, 'server/domain/example.test.ts')).toEqual([]);
    const bad = "import { it } from 'vitest';\nimport { z } from 'zod';\nit('x', () => z);\n";
    expect((await problems(bad, 'server/domain/example.test.ts')).join('\n')).toMatch(/'zod' is outside/);
  });

  it('does not apply outside server/domain', async () => {
    expect(await problems("import { z } from 'zod';\nexport const now = () => [z, Date.now()];\n", 'server/services/example.ts')).toEqual(
      [],
    );
  });
});
