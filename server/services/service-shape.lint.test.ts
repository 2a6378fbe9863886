// Every service has the one shape described at the top of server/services/context.ts: one action a
// file, named after the file, called as verbNoun({ ctx, input }), reading the clock and making ids
// only through ctx. Read from the source, so a new service that strays fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../testing/source-files';

const servicesDir = path.join(import.meta.dirname);

/** The files that hold actions; context.ts defines the shape itself. */
const files = sourceFiles(servicesDir)
  .filter((file) => path.relative(servicesDir, file) !== 'context.ts')
  .map((file) => ({
    name: path.relative(servicesDir, file),
    source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  }));

interface ExportedFunction {
  name: string;
  async: boolean;
  parameters: ts.NodeArray<ts.ParameterDeclaration>;
}

function exportedFunctions(source: ts.SourceFile): ExportedFunction[] {
  const found: ExportedFunction[] = [];
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  const isAsync = (node: ts.FunctionLikeDeclaration) =>
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && isExported(statement) && statement.name) {
      found.push({ name: statement.name.text, async: isAsync(statement), parameters: statement.parameters });
    }
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) && ts.isIdentifier(declaration.name)) {
          found.push({ name: declaration.name.text, async: isAsync(value), parameters: value.parameters });
        }
      }
    }
  }
  return found;
}

/** `define-scope.ts` → `defineScope`. */
function actionNameOf(file: string): string {
  return path.basename(file, '.ts').replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The names a parameter destructures, or null when it is not `{ … }`. */
function destructured(parameter: ts.ParameterDeclaration): string[] | null {
  if (!ts.isObjectBindingPattern(parameter.name)) return null;
  return parameter.name.elements.map((element) => (element.propertyName ?? element.name).getText());
}

describe('the shape of a service', () => {
  it('finds the services', () => {
    expect(files.map((file) => file.name)).toEqual(
      expect.arrayContaining(['scopes/define-scope.ts', 'scopes/add-membership.ts', 'users/provision-oidc-user.ts']),
    );
  });

  it.each(files.map((file) => [file.name, file.source] as const))('%s holds at most one action, named after the file', (name, source) => {
    const actions = exportedFunctions(source).filter((fn) => fn.async);
    expect(actions.map((fn) => fn.name)).toEqual(actions.length ? [actionNameOf(name)] : []);
  });

  it.each(files.map((file) => [file.name, file.source] as const))('%s: its action takes ({ ctx, input })', (_name, source) => {
    for (const action of exportedFunctions(source).filter((fn) => fn.async)) {
      expect(action.parameters, action.name).toHaveLength(1);
      const names = destructured(action.parameters[0]!);
      expect(names, `${action.name} destructures its one parameter`).not.toBeNull();
      expect(
        names!.filter((member) => member !== 'input'),
        action.name,
      ).toEqual(['ctx']);
    }
  });

  it.each(files.map((file) => [file.name, file.source] as const))(
    '%s: no exported function takes a database, client or deps of its own',
    (_name, source) => {
      for (const fn of exportedFunctions(source)) {
        const names = fn.parameters.map((parameter) => parameter.name.getText());
        expect(
          names.filter((parameter) => /^(db|prisma|tx|deps)$/.test(parameter)),
          fn.name,
        ).toEqual([]);
      }
    },
  );

  it.each(files.map((file) => [file.name, file.source] as const))('%s reads the clock and makes ids only through ctx', (_name, source) => {
    const problems: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && node.expression.getText() === 'Date' && (node.arguments?.length ?? 0) === 0) {
        problems.push(`${node.getText()} reads the clock`);
      }
      if (
        ts.isCallExpression(node) &&
        /^(Date\.now|Math\.random|crypto\.randomUUID|randomUUID|ulid|newId)$/.test(node.expression.getText())
      ) {
        problems.push(`${node.getText()} bypasses ctx`);
      }
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const from = node.moduleSpecifier.text;
        const named = node.importClause?.namedBindings;
        const values = named && ts.isNamedImports(named) ? named.elements.map((element) => element.name.text) : [];
        if (from === 'ulid') problems.push('imports ulid');
        if (/(^|\/)ids$/.test(from) && values.includes('newId')) problems.push(`imports newId from ${from}`);
        if (from === 'node:crypto' && values.some((value) => /^random/.test(value))) problems.push('imports randomness from node:crypto');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(problems).toEqual([]);
  });
});
