// withLiterals writes a statement's parameters into its text for COPY, which takes none: strings
// quoted by node-postgres (backslashes and quotes included), arrays as ARRAY[…], and a placeholder
// with no parameter refused rather than left in.
import { describe, expect, it } from 'vitest';
import { withLiterals } from './sql-runner';

describe('withLiterals', () => {
  it.each([
    { sql: 'SELECT $1', params: ['plain'], expected: "SELECT 'plain'" },
    { sql: 'SELECT $1', params: ["it's"], expected: "SELECT 'it''s'" },
    // node-postgres writes a string with a backslash as an escape string, after a space.
    { sql: 'SELECT $1', params: ['a \\ b'], expected: "SELECT  E'a \\\\ b'" },
    { sql: 'SELECT $1::text[]', params: [['a', "b'c"]], expected: "SELECT ARRAY['a','b''c']::text[]" },
    { sql: 'SELECT $1::text[]', params: [[]], expected: 'SELECT ARRAY[]::text[]' },
    { sql: 'SELECT $1, $2, $3', params: [7, false, null], expected: 'SELECT 7, FALSE, NULL' },
    { sql: 'SELECT $2 || $1 || $10', params: ['a', 'b', 3, 4, 5, 6, 7, 8, 9, 'j'], expected: "SELECT 'b' || 'a' || 'j'" },
  ])('$sql with $params', ({ sql, params, expected }) => {
    expect(withLiterals(sql, params)).toBe(expected);
  });

  it('refuses a placeholder that has no parameter, and a value it cannot write', () => {
    expect(() => withLiterals('SELECT $1, $2', ['a'])).toThrow('The statement has no parameter $2.');
    expect(() => withLiterals('SELECT $1', [{ a: 1 }])).toThrow('A object cannot be written as an SQL literal.');
  });
});
