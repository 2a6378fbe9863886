// Raw SQL lives in `*-sql.ts` files: a service builds its statements with the exported functions of
// the `-sql.ts` file beside it (Prisma.Sql, or {text, params} for the driver's runner) and only runs
// them. This reads the sources and fails, naming file and line, when any other file under server/
// writes a raw statement itself: a `Prisma.sql`, `$queryRaw` or `$executeRaw` template, a call of
// `$queryRawUnsafe` or `$executeRawUnsafe`, or a string starting with SELECT, INSERT, UPDATE, DELETE
// or WITH passed to `.query(` or `queryRows(`, or written as a statement's `text:`. Read from the
// source, so a new service that strays fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { linesWhere, sourceFiles } from '../testing/source-files';

const serverDir = path.join(import.meta.dirname, '..');

/**
 * Folders below the rule, each with why: `db` holds the runners themselves, the migration runner's
 * bookkeeping and the replica's position probes; `testing` is the test harness.
 */
const EXEMPT_FOLDERS = ['db', 'testing'];

/**
 * Files that keep raw SQL outside a `-sql.ts` file, each with why. Keep this short.
 */
const ALLOWED: Record<string, string> = {
  'services/memories/visible-rows.ts':
    'the one place the visibility rule is written, as SQL predicates and as Prisma wheres side by side (visible-rows.bypass.test.ts exempts this module by its path)',
};

const RAW_TAGS = new Set(['$queryRaw', '$executeRaw']);
const RAW_UNSAFE = new Set(['$queryRawUnsafe', '$executeRawUnsafe']);
/** A statement's first word, as this code base writes it (upper case: 'Select a scope' is no statement). */
const STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/;

/** Whether `tag` is `Prisma.sql`, or `….$queryRaw` / `….$executeRaw`. */
function isRawTag(tag: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(tag)) return ts.isIdentifier(tag) && RAW_TAGS.has(tag.text);
  if (tag.name.text === 'sql') return ts.isIdentifier(tag.expression) && tag.expression.text === 'Prisma';
  return RAW_TAGS.has(tag.name.text);
}

/** The text of a string or template literal (a template's head only), or null for anything else. */
function literalText(node: ts.Expression | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

/** The lines on which `code` writes a raw SQL statement itself. */
function rawSqlLines(code: string, file = 'example.ts'): number[] {
  return linesWhere(code, writesRawSql, file);
}

/** Whether `node` is a raw statement written in place. */
function writesRawSql(node: ts.Node): boolean {
  if (ts.isTaggedTemplateExpression(node)) return isRawTag(node.tag);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const name = node.expression.name.text;
    if (RAW_UNSAFE.has(name)) return true;
    if (name === 'query') return STATEMENT.test(literalText(node.arguments[0]) ?? '');
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'queryRows') {
    return STATEMENT.test(literalText(node.arguments[2]) ?? '');
  }
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'text') {
    return STATEMENT.test(literalText(node.initializer) ?? '');
  }
  return false;
}

describe('raw SQL lives in -sql.ts files', () => {
  it('finds each kind of raw statement, and lets built statements and tRPC queries pass', () => {
    const code = [
      'const a = Prisma.sql`SELECT 1`;',
      'await tx.$queryRaw`SELECT "id" FROM "job" FOR UPDATE`;',
      'await ctx.db.$executeRaw`DELETE FROM "job"`;',
      'await ctx.db.$queryRawUnsafe(text);',
      'await ctx.db.$executeRawUnsafe("UPDATE x SET y = 1");',
      'await ctx.sql.query(\'INSERT INTO "job" VALUES ($1)\', [id]);',
      'await ctx.sql.query(`  WITH "a" AS (SELECT 1) SELECT * FROM "a"`, []);',
      'await ctx.sql.query(`UPDATE "alert" SET "detail" = ${detail}`);',
      'const [row] = await queryRows(ctx.sql, ROW, `SELECT "id" FROM "api_token" WHERE "tokenHash" = $1`, [hash]);',
      'writes.push({ text: `DELETE FROM "alert" WHERE "id" = $1`, params: [id] });',
      'await tx.$queryRaw(lockMemoryRowSql(scope, key));',
      'const rows = await readRows(ctx, conversationsSql(viewer, now), conversationRowSchema);',
      'await ctx.sql.query(statement.text, statement.params);',
      'const [row] = await queryRows(ctx.sql, ROW, lookup.text, lookup.params);',
      "const message = { text: 'Select a scope first', tone: 'info' };",
      'export const list = adminProcedure.query(({ ctx }) => listFacts({ ctx }));',
      "const hint = t.query('Select a scope');",
    ].join('\n');
    expect(rawSqlLines(code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('no file outside the SQL layer, the harness and the -sql.ts files writes a raw statement', () => {
    const offenders = sourceFiles(serverDir, EXEMPT_FOLDERS).flatMap((file) => {
      if (file.endsWith('-sql.ts')) return [];
      const relative = path.relative(serverDir, file).split(path.sep).join('/');
      if (ALLOWED[relative] !== undefined) return [];
      const code = readFileSync(file, 'utf8');
      // Only files that name a raw statement's marker are parsed (parsing every file costs seconds).
      if (!/Prisma\.sql|\$queryRaw|\$executeRaw|\.query\s*\(|queryRows\(|text:/.test(code)) return [];
      return rawSqlLines(code, file).map((line) => `${relative}:${line}`);
    });
    expect(offenders).toEqual([]);
  });

  it('names only files that exist and still write raw SQL in the allow-list', () => {
    for (const file of Object.keys(ALLOWED)) {
      const code = readFileSync(path.join(serverDir, file), 'utf8');
      expect(rawSqlLines(code, file).length, file).toBeGreaterThan(0);
    }
  });
});
