// Lint configuration. Besides the usual TypeScript, React-hooks and Next.js rules, the local
// `architecture` plugin enforces the project's boundaries (docs/architecture.md "Browser and
// server"; server/boundaries.lint.test.ts and server/domain-purity.lint.test.ts prove each fires):
// - server/domain is pure and imports nothing outside itself;
// - nothing under server/ imports from components/ (the server never depends on UI code);
// - a client component ('use client') imports at run time from server/ only server/domain (pure
//   rules the browser runs too), server/api/limits and server/api/query-client (shared by both
//   sides); services, the database layer and auth never reach the browser; and no UI code takes
//   types from server/services or server/db (data is typed from the router).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const domainDir = path.join(root, 'server', 'domain');
const serverDir = path.join(root, 'server');
const componentsDir = path.join(root, 'components');

/** Where an import specifier points inside the project (absolute path), or null for a package. */
function projectTarget(file, source) {
  if (source.startsWith('@/')) return path.join(root, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  return null;
}

function isInside(target, dir) {
  return target === dir || target.startsWith(dir + path.sep);
}

/** Every import-like node of a module, with its specifier (null when computed) and whether it is type-only. */
function visitImports(check) {
  const typeOnly = (node) =>
    node.importKind === 'type' ||
    node.exportKind === 'type' ||
    (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
  return {
    ImportDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
    ExportAllDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, typeOnly(node)),
    ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : null, false),
    TSImportEqualsDeclaration: (node) => check(node, null, false),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
        const arg = node.arguments[0];
        check(node, arg && arg.type === 'Literal' ? arg.value : null, false);
      }
    },
  };
}

const serverStaysOffComponents = {
  meta: {
    type: 'problem',
    docs: { description: 'nothing under server/ imports from components/' },
    messages: {
      components:
        "server/ must not import from components/ ('{{source}}'): the server does not depend on UI code. Move what both need under server/ (or server/domain when it is a pure rule).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    return visitImports((node, source) => {
      if (typeof source !== 'string') return;
      const target = projectTarget(file, source);
      if (target && isInside(target, componentsDir)) context.report({ node, messageId: 'components', data: { source } });
    });
  },
};

// What a client component may import from server/ at run time; anything else there is server-only.
const clientAllowedRuntime = [
  path.join(serverDir, 'domain'),
  path.join(serverDir, 'api', 'limits'),
  path.join(serverDir, 'api', 'query-client'),
];
// UI code takes no types from these either: server data is typed with inferRouterOutputs<AppRouter>
// (components/trpc/outputs.ts), so a component sees what crosses the wire, not a service's shape.
const noTypesFrom = [path.join(serverDir, 'services'), path.join(serverDir, 'db')];

const clientStaysOffServer = {
  meta: {
    type: 'problem',
    docs: { description: "a 'use client' module reaches server/ only through server/domain and shared modules" },
    messages: {
      runtime:
        "A client component must not import '{{source}}' at run time: it is server-only code (database, services, auth) and must never reach the browser. Pure rules come from '@/server/domain'; data comes through tRPC.",
      types:
        "UI code must not take types from '{{source}}': type server data with inferRouterOutputs<AppRouter> (components/trpc/outputs.ts).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const isClient = context.sourceCode.ast.body.some(
      (statement) => statement.type === 'ExpressionStatement' && statement.directive === 'use client',
    );
    const isComponent = isInside(file, componentsDir);
    if (!isClient && !isComponent) return {};
    return visitImports((node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      const target = projectTarget(file, source);
      if (!target || !isInside(target, serverDir)) return;
      if (noTypesFrom.some((dir) => isInside(target, dir))) {
        context.report({ node, messageId: typeOnly ? 'types' : 'runtime', data: { source } });
      } else if (isClient && !typeOnly && !clientAllowedRuntime.some((dir) => isInside(target, dir))) {
        context.report({ node, messageId: 'runtime', data: { source } });
      }
    });
  },
};

const testOnlyPackages = new Set(['vitest', 'fast-check']);

const domainImportsStayInside = {
  meta: {
    type: 'problem',
    docs: { description: 'server/domain may import only from server/domain' },
    messages: {
      outside: "server/domain must stay pure: '{{source}}' is outside server/domain. Pass what you need in as an argument.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const isTest = /\.test\.ts$/.test(file);
    function check(node, source) {
      if (typeof source !== 'string') {
        context.report({ node, messageId: 'outside', data: { source: '<computed>' } });
        return;
      }
      if (isTest && testOnlyPackages.has(source)) return;
      const inside = source.startsWith('.') && (path.resolve(path.dirname(file), source) + path.sep).startsWith(domainDir + path.sep);
      if (!inside) context.report({ node, messageId: 'outside', data: { source } });
    }
    return visitImports(check);
  },
};

const architecture = {
  rules: {
    'domain-imports-stay-inside': domainImportsStayInside,
    'server-stays-off-components': serverStaysOffComponents,
    'client-stays-off-server': clientStaysOffServer,
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.data/**',
      'server/db/generated/**',
      'packages/*/dist/**',
      'packages/client/src/openapi-types.ts',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      // Code here runs in Node (server, scripts, tests) and in the browser (components).
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // A promise nobody awaits or catches fails silently (an unhandled rejection, or a write that
    // finishes after the answer): these two rules need the types, so they read the TypeScript
    // project (about half of the lint's time).
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['app/**/*.tsx', 'components/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ...nextPlugin.configs['core-web-vitals'],
  },
  {
    // @next/next/no-html-link-for-pages misses App Router pages (it compares "/memories/" with
    // "^/memories$"), so a plain <a> to one of the console's own paths is caught here as well.
    // Classes are put together with cn() (components/ui/cn.ts), not template strings.
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='className'] > JSXExpressionContainer > TemplateLiteral[expressions.length>0]",
          message: "Put classes together with cn() from '@/components/ui/cn', not a template string: it drops empty parts.",
        },
        {
          selector: "JSXOpeningElement[name.name='a'] > JSXAttribute[name.name='href'] > Literal[value=/^\\/(?!\\/)/]",
          message:
            "Link to the console's own pages with <Link> from 'next/link', not a plain <a href>: it keeps the page's state and prefetches.",
        },
      ],
    },
  },
  { plugins: { architecture } },
  {
    files: ['server/**/*.{ts,tsx}'],
    rules: { 'architecture/server-stays-off-components': 'error' },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: { 'architecture/client-stays-off-server': 'error' },
  },
  {
    files: ['server/domain/**/*.ts'],
    rules: {
      'architecture/domain-imports-stay-inside': 'error',
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'server/domain reads no environment: pass values in.' },
        { name: 'crypto', message: 'server/domain makes no ids or randomness: pass them in.' },
        { name: 'performance', message: 'server/domain reads no clock: pass the time in.' },
        { name: 'fetch', message: 'server/domain does no I/O.' },
        { name: 'setTimeout', message: 'server/domain does not schedule work.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'server/domain reads no clock: pass the time in.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'server/domain reads no clock: pass the time in.',
        },
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'server/domain uses no randomness: pass ids in.',
        },
      ],
    },
  },
  {
    // Each worker drives its own console (e2e/support/consoles.ts); only e2e/support/test.ts's
    // `test` points a test at it, so a spec that took Playwright's own would talk to the wrong one.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` from e2e/support/test.ts: it runs the test against this worker's console.",
            },
          ],
        },
      ],
    },
  },
);
