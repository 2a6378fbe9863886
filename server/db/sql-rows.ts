// Rows of a raw statement, checked: each statement that reads rows names a Zod schema of its row,
// and every row is parsed with it once, so a column that changed its name or type (a count that
// became a bigint, a timestamp read as text on one driver) fails at the read with the column's
// name instead of travelling on as the wrong type. Schemas are built once, beside their statement.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SqlRunner } from './sql-runner';

/** A row schema: an object schema, whatever it turns the row into. */
export type RowSchema = z.ZodType<object>;

/** A row that does not match its schema: names the statement, the row and the column. */
export class RowShapeError extends Error {
  constructor(
    readonly statement: string,
    readonly row: number,
    readonly column: string,
    detail: string,
  ) {
    super(`Row ${row} of ${statement} does not match its schema: column "${column}": ${detail}`);
    this.name = 'RowShapeError';
  }
}

/** What names a statement in an error: its prepared name, or the start of its text. */
export function statementLabel(sql: string, name?: string): string {
  if (name) return `statement "${name}"`;
  const text = sql.replace(/\s+/g, ' ').trim();
  return `statement "${text.length > 80 ? `${text.slice(0, 80)}…` : text}"`;
}

/**
 * Each row parsed with `schema` (once), or a RowShapeError for the first that does not match.
 * `statement` names the statement in that error (statementLabel), made only when a row fails: a
 * statement's text runs to kilobytes and most reads never fail.
 */
export function parseRows<S extends RowSchema>(schema: S, rows: readonly unknown[], statement: () => string): z.output<S>[] {
  const parsed: z.output<S>[] = new Array(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const result = schema.safeParse(rows[index]);
    if (!result.success) {
      const [issue] = result.error.issues;
      throw new RowShapeError(statement(), index + 1, issue?.path.map(String).join('.') || '(row)', issue?.message ?? 'does not match');
    }
    parsed[index] = result.data;
  }
  return parsed;
}

/** SqlRunner.query with the rows checked against `schema` (the pool path of readRows, and any runner). */
export async function queryRows<S extends RowSchema>(
  runner: Pick<SqlRunner, 'query'>,
  schema: S,
  sql: string,
  params?: unknown[],
  name?: string,
): Promise<z.output<S>[]> {
  return parseRows(schema, await runner.query<unknown>(sql, params, name), () => statementLabel(sql, name));
}

/**
 * A json column: drivers hand back either the parsed value or its text (PGlite through Prisma,
 * node-postgres), so the text is parsed first; then `schema` checks the value.
 */
export function jsonColumn<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value), schema);
}

/**
 * A name to keep a statement prepared under, made from its text: statements whose text depends on
 * their input (filters given, a cursor or none) get one prepared statement per shape, each parsed
 * and planned once per connection instead of on every call.
 */
export function preparedNameOf(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}
