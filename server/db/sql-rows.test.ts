import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonColumn, parseRows, queryRows, RowShapeError, statementLabel } from './sql-rows';

const schema = z.object({ id: z.string(), people: z.number(), at: z.date(), tags: jsonColumn(z.array(z.string())) });
const at = new Date(Date.UTC(2026, 0, 1));

describe('rows checked against their schema', () => {
  it('parses each row, a json column given parsed or as text', () => {
    expect(
      parseRows(
        schema,
        [
          { id: 'a', people: 2, at, tags: ['x'] },
          { id: 'b', people: 0, at, tags: '["y"]', extra: true },
        ],
        () => 'statement "s"',
      ),
    ).toEqual([
      { id: 'a', people: 2, at, tags: ['x'] },
      { id: 'b', people: 0, at, tags: ['y'] },
    ]);
  });

  it('names the statement, the row and the column that does not match', () => {
    const rows = [
      { id: 'a', people: 2, at, tags: [] },
      { id: 'b', people: '2', at, tags: [] },
    ];
    expect(() => parseRows(schema, rows, () => 'statement "review_groups"')).toThrow(RowShapeError);
    expect(() => parseRows(schema, rows, () => 'statement "review_groups"')).toThrow(
      /^Row 2 of statement "review_groups" does not match its schema: column "people": /,
    );
    expect(() => parseRows(schema, [{ id: 'a', people: 1, at: '2026-01-01', tags: [] }], () => 's')).toThrow(/column "at"/);
    expect(() => parseRows(schema, [{ id: 'a', people: 1, at, tags: '[1]' }], () => 's')).toThrow(/column "tags\.0"/);
  });

  it('checks what a runner returns, naming a prepared statement or the start of its text', async () => {
    const runner = { query: async <Row>() => [{ id: 1 }] as Row[] };
    await expect(queryRows(runner, schema, 'SELECT 1', [], 'named')).rejects.toThrow(/statement "named".*column "id"/);
    await expect(queryRows(runner, schema, 'SELECT\n    1', [])).rejects.toThrow(/statement "SELECT 1".*column "id"/);
    expect(statementLabel(`SELECT ${'x, '.repeat(40)}\n  1`)).toMatch(/^statement "SELECT x, x, .{60,}…"$/);
  });
});
