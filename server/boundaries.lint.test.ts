// The lint rules that keep the browser/server boundary actually fire (see eslint.config.mjs):
// server/ never imports components/, a client component never pulls server-only code (services,
// the database layer, auth) into the browser nor takes its types from services, and internal
// links use next/link. Each case is linted as if it were a file at the given path.
import { describe, expect, it } from 'vitest';
import { lintProblems as problems, warmUpLint } from './testing/lint-text';

warmUpLint();

const CLIENT = "'use client';\n";

describe('server/ does not import components/', () => {
  it.each([
    [
      'the project alias',
      'server/api/example.ts',
      "import { makeQueryClient } from '@/components/trpc/query-client';\nexport const a = makeQueryClient;\n",
    ],
    [
      'a relative path',
      'server/api/example.ts',
      "import { makeQueryClient } from '../../components/trpc/query-client';\nexport const a = makeQueryClient;\n",
    ],
    [
      'a type-only import',
      'server/services/memories/example.ts',
      "import type { VisibleMemory } from '@/components/trpc/outputs';\nexport type A = VisibleMemory;\n",
    ],
    ['a dynamic import', 'server/http/example.ts', "export const a = () => import('@/components/ui/button');\n"],
    ['a re-export', 'server/auth/example.ts', "export * from '@/components/trpc/errors';\n"],
  ])('refuses %s', async (_case, filePath, code) => {
    expect((await problems(code, filePath)).join('\n')).toMatch(
      /architecture\/server-stays-off-components: server\/ must not import from components\//,
    );
  });

  it('leaves imports inside server/ and from packages alone', async () => {
    const code =
      "import { z } from 'zod';\nimport { appRouter } from '@/server/api/root';\nimport { limits } from '../api/limits';\nexport const a = [z, appRouter, limits];\n";
    expect(await problems(code, 'server/http/example.ts')).toEqual([]);
  });
});

describe('client components stay off server-only code', () => {
  it.each([
    [
      'a service',
      "import { listVisibleMemories } from '@/server/services/memories/list-visible-memories';\nexport const a = listVisibleMemories;\n",
    ],
    ['the database client', "import { getPrisma } from '@/server/db/client';\nexport const a = getPrisma;\n"],
    [
      'the database layer by a relative path',
      "import { dataDirFromEnv } from '../../server/db/config';\nexport const a = dataDirFromEnv;\n",
    ],
    ['the session reader', "import { requireViewer } from '@/server/auth/session';\nexport const a = requireViewer;\n"],
    ['the configuration', "import { config } from '@/server/config/env';\nexport const a = config;\n"],
    [
      'a value next to a type',
      "import { listSessions, type SessionSummary } from '@/server/services/account/list-sessions';\nexport const a: SessionSummary[] = [];\nexport const b = listSessions;\n",
    ],
    ['a dynamic import', "export const a = () => import('@/server/services/memories/save-memory');\n"],
  ])('refuses %s at run time', async (_case, code) => {
    expect((await problems(CLIENT + code, 'components/memories/example.tsx')).join('\n')).toMatch(
      /architecture\/client-stays-off-server: A client component must not import '.+' at run time/,
    );
  });

  it('refuses service and database types in any UI file, client or not', async () => {
    const services =
      "import type { VisibleMemory } from '@/server/services/memories/list-visible-memories';\nexport type A = VisibleMemory;\n";
    const db = "import type { PrismaClient } from '@/server/db/generated/client';\nexport type A = PrismaClient;\n";
    for (const [code, filePath] of [
      [CLIENT + services, 'components/memories/example.tsx'],
      [services, 'components/memories/example.tsx'],
      [db, 'components/memories/example.ts'],
    ] as const) {
      expect((await problems(code, filePath)).join('\n')).toMatch(/UI code must not take types from .+inferRouterOutputs<AppRouter>/);
    }
  });

  it('refuses the same in a client module under app/', async () => {
    const code = CLIENT + "import { getPrisma } from '@/server/db/client';\nexport const a = getPrisma;\n";
    expect((await problems(code, 'app/(console)/example.tsx')).join('\n')).toMatch(/must not import '@\/server\/db\/client' at run time/);
  });

  it('allows the pure domain, shared modules, router types and other UI code', async () => {
    const code =
      CLIENT +
      "import { validateFact } from '@/server/domain';\n" +
      "import { TRPC_MAX_BATCH_SIZE } from '@/server/api/limits';\n" +
      "import { makeQueryClient } from '@/server/api/query-client';\n" +
      "import type { AppRouter } from '@/server/api/root';\n" +
      "import type { VisibleMemory } from '@/components/trpc/outputs';\n" +
      'export const a = [validateFact, TRPC_MAX_BATCH_SIZE, makeQueryClient];\nexport type B = [AppRouter, VisibleMemory];\n';
    expect(await problems(code, 'components/memories/example.tsx')).toEqual([]);
  });

  it('lets server components (no directive) read the session at run time', async () => {
    const code = "import { requireViewer } from '@/server/auth/session';\nexport const a = requireViewer;\n";
    expect(await problems(code, 'components/shell/example.tsx')).toEqual([]);
    expect(await problems(code, 'app/(console)/example/page.tsx')).toEqual([]);
  });
});

describe('links to the console’s own pages', () => {
  it('refuses a plain <a href> to an internal path and accepts next/link and external links', async () => {
    const plain = 'export const A = () => <a href="/memories">Memories</a>;\n';
    expect((await problems(plain, 'components/shell/example.tsx')).join('\n')).toMatch(/with <Link> from 'next\/link'/);
    const ok =
      "import Link from 'next/link';\n" +
      'export const A = () => <><Link href="/memories">Memories</Link><a href="https://example.com">Docs</a><a href="#main">Skip</a></>;\n';
    expect(await problems(ok, 'components/shell/example.tsx')).toEqual([]);
  });
});

describe('class names', () => {
  it('refuses a template string in className and accepts cn()', async () => {
    const template = 'export const A = ({ on }: { on: boolean }) => <p className={`p-2 ${on ? "font-bold" : ""}`}>x</p>;\n';
    expect((await problems(template, 'components/ui/example.tsx')).join('\n')).toMatch(/Put classes together with cn\(\)/);
    const ok =
      "import { cn } from '@/components/ui/cn';\nexport const A = ({ on }: { on: boolean }) => <p className={cn('p-2', on && 'font-bold')}>x</p>;\n";
    expect(await problems(ok, 'components/ui/example.tsx')).toEqual([]);
  });
});
