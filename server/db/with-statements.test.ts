// withStatements (server/db/sql-runner.ts): statements that run alongside another in one round
// trip keep their own parameters, renumbered after the main statement's.
import { describe, expect, it } from 'vitest';
import { withStatements } from './sql-runner';

describe('withStatements', () => {
  it('leaves a statement with nothing alongside unchanged', () => {
    const main = { text: 'SELECT $1', params: [1] };
    expect(withStatements(main, [])).toBe(main);
  });

  it('puts the others first as WITH queries and renumbers their parameters after the main ones', () => {
    const combined = withStatements({ text: 'INSERT INTO t SELECT $1, $2', params: ['a', 'b'] }, [
      { text: 'UPDATE u SET x = $2 WHERE id = $1', params: ['u1', 10] },
      { text: 'INSERT INTO v VALUES ($1, $10)', params: ['v1', 2, 3, 4, 5, 6, 7, 8, 9, 'tenth'] },
    ]);
    expect(combined.text).toBe(
      'WITH "alongside_0" AS (UPDATE u SET x = $4 WHERE id = $3), "alongside_1" AS (INSERT INTO v VALUES ($5, $14))\nINSERT INTO t SELECT $1, $2',
    );
    expect(combined.params).toEqual(['a', 'b', 'u1', 10, 'v1', 2, 3, 4, 5, 6, 7, 8, 9, 'tenth']);
  });
});
