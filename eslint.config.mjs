// Lint configuration. The local `architecture` plugin enforces the one layering rule that matters
// most: server/domain is pure and imports nothing outside itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const domainDir = path.join(root, 'server', 'domain');
const testOnlyPackages = new Set(['vitest', 'fast-check']);

const domainImportsStayInside = {
  meta: {
    type: 'problem',
    docs: { description: 'server/domain may import only from server/domain' },
    messages: {
      outside:
        "server/domain must stay pure: '{{source}}' is outside server/domain. Pass what you need in as an argument.",
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
      const inside =
        source.startsWith('.') &&
        (path.resolve(path.dirname(file), source) + path.sep).startsWith(domainDir + path.sep);
      if (!inside) context.report({ node, messageId: 'outside', data: { source } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : null),
      TSImportEqualsDeclaration: (node) => check(node, null),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
          const arg = node.arguments[0];
          check(node, arg && arg.type === 'Literal' ? arg.value : null);
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.data/**',
      'server/db/generated/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
        Blob: 'readonly',
        HTMLElement: 'readonly',
        HTMLInputElement: 'readonly',
        HTMLDialogElement: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['app/**/*.tsx', 'components/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['server/domain/**/*.ts'],
    plugins: { architecture: { rules: { 'domain-imports-stay-inside': domainImportsStayInside } } },
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
);
