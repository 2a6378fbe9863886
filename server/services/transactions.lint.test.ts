// Every transaction on the server is opened by runTransaction (run-transaction.ts), which takes
// the writer's row first, appends the audit rows last and starts over after a deadlock
// (docs/architecture.md "Locks and retries"). A `$transaction` anywhere else would skip all three,
// so this reads the sources and refuses one. Read from the source, so a new service that strays
// fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { linesWhere, sourceFiles } from '../testing/source-files';

const serverDir = path.join(import.meta.dirname, '..');

/** The one place allowed to call it, and the raw-SQL runner's fallback through Prisma (no writes of a service). */
const ALLOWED = new Set(['services/run-transaction.ts', 'db/sql-runner.ts']);

/** The lines on which `code` opens a Prisma transaction itself (`x.$transaction`, `x['$transaction']`). */
function transactionCalls(code: string, file = 'example.ts'): number[] {
  return linesWhere(
    code,
    (node) =>
      (ts.isPropertyAccessExpression(node) && node.name.text === '$transaction') ||
      (ts.isElementAccessExpression(node) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        node.argumentExpression.text === '$transaction'),
    file,
  );
}

describe('transactions', () => {
  it('finds a transaction opened directly, however it is written', () => {
    expect(transactionCalls('await ctx.db.$transaction(async (tx) => tx.user.count());')).toEqual([1]);
    expect(transactionCalls("const run = prisma['$transaction'];\nawait run([]);")).toEqual([1]);
    expect(transactionCalls('// ctx.db.$transaction is not used here\nawait runTransaction({ ctx, input });')).toEqual([]);
  });

  it('are opened only by runTransaction', () => {
    const found = sourceFiles(serverDir)
      .map((file) => path.relative(serverDir, file).split(path.sep).join('/'))
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => transactionCalls(readFileSync(path.join(serverDir, file), 'utf8'), file).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });
});
