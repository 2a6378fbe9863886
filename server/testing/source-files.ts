// What the source-reading lint tests share (server/services/*.lint.test.ts): the server's own
// source files, and the lines of a file on which a syntax node of interest sits.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The `.ts` files below `dir` (absolute paths): no tests, nothing of the generated Prisma client,
 * and nothing in the folders directly under `dir` that `skip` names.
 */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  const walk = (folder: string, top: boolean): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return entry.name === 'generated' || (top && skip.includes(entry.name)) ? [] : walk(full, false);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    });
  return walk(dir, true);
}

/** The lines (from 1) of `code` on which a node sits that `matches` picks. */
export function linesWhere(code: string, matches: (node: ts.Node, source: ts.SourceFile) => boolean, file = 'example.ts'): number[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (matches(node, source)) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}
