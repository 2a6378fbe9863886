// Rows of raw SQL are checked, not asserted (docs/architecture.md "Raw SQL"): a statement that
// reads rows goes through readRows (services/context.ts) or queryRows (db/sql-rows.ts) with a Zod
// schema of its row. A type argument on `$queryRaw<…>`, `$queryRawUnsafe<…>` or a runner's
// `.query<…>` would only assert the row's shape, so this reads the sources and refuses one (other
// than `unknown`, which asserts nothing). Read from the source, so a new service that strays fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { linesWhere, sourceFiles } from '../testing/source-files';

const serverDir = path.join(import.meta.dirname, '..');

/**
 * Folders below the schemas, each with why: `db` holds the runners themselves, the migration
 * runner's bookkeeping and the replica's position probes (statements on PostgreSQL's own
 * functions, not on the console's tables); `testing` is the test harness.
 */
const EXEMPT_FOLDERS = ['db', 'testing'];

const RAW_READERS = new Set(['$queryRaw', '$queryRawUnsafe', 'query']);

/** The lines on which `code` asserts the rows of a raw statement with a type argument. */
function assertedRows(code: string, file = 'example.ts'): number[] {
  const named = (expression: ts.Expression) => ts.isPropertyAccessExpression(expression) && RAW_READERS.has(expression.name.text);
  return linesWhere(
    code,
    (node, source) => {
      const asserts = (typeArguments: ts.NodeArray<ts.TypeNode> | undefined) =>
        typeArguments?.some((type) => !/^unknown(\[\])?$/.test(type.getText(source))) ?? false;
      return (
        (ts.isCallExpression(node) && named(node.expression) && asserts(node.typeArguments)) ||
        (ts.isTaggedTemplateExpression(node) && named(node.tag) && asserts(node.typeArguments))
      );
    },
    file,
  );
}

describe('rows of raw SQL are checked against a schema', () => {
  it('finds a row type asserted on a tagged statement, a call and a runner, and lets `unknown` and schemas pass', () => {
    const code = [
      'const a = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "user"`;',
      'const b = await ctx.db.$queryRawUnsafe<{ n: number }[]>("SELECT 1 AS n");',
      'const c = await ctx.sql.query<{ id: string }>("SELECT 1");',
      'const d = await ctx.db.$queryRaw<unknown[]>(query);',
      'await tx.$queryRaw`SELECT "id" FROM "job" FOR UPDATE`;',
      'const e = await readRows(ctx, Prisma.sql`SELECT 1 AS n`, ROW);',
      'const f = list.map((x) => x.query);',
    ].join('\n');
    expect(assertedRows(code)).toEqual([1, 2, 3]);
  });

  it('no file outside the SQL layer and the harness asserts the rows of a raw statement', () => {
    const offenders = sourceFiles(serverDir, EXEMPT_FOLDERS).flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      // Only files that name a raw reader are parsed (parsing every file costs seconds).
      if (!/\$queryRaw|\.query\s*</.test(code)) return [];
      return assertedRows(code, file).map((line) => `${path.relative(serverDir, file)}:${line}`);
    });
    expect(offenders).toEqual([]);
  });
});
