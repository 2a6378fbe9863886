import { describe, expect, it } from 'vitest';
import { comparePositions, decodeChangeCursor, encodeChangeCursor, isCursorExpired, nextChangeCursor, positionBefore } from './change-feed';

const at = (txid: number, seq: number) => ({ txid: BigInt(txid), seq: BigInt(seq) });

describe('change cursors', () => {
  it('round-trip a position, including the largest bigint', () => {
    for (const position of [at(0, 0), at(812, 44), { txid: 9223372036854775806n, seq: 9223372036854775807n }]) {
      expect(decodeChangeCursor(encodeChangeCursor(position))).toEqual(position);
    }
  });

  it.each(['', '1', '1.', '.1', '1.2.3', '-1.2', '1.2 ', 'a.b', '1e3.1', '99999999999999999999.1', '9223372036854775808.0'])(
    'refuse %j',
    (cursor) => {
      expect(decodeChangeCursor(cursor)).toBeNull();
    },
  );
});

describe('positions', () => {
  it('order by transaction, then by order within it', () => {
    expect(comparePositions(at(5, 9), at(6, 1))).toBe(-1);
    expect(comparePositions(at(6, 2), at(6, 1))).toBe(1);
    expect(comparePositions(at(6, 1), at(6, 1))).toBe(0);
  });

  it('place "before xmin" after every row of the transactions before it and before any row of xmin’s own', () => {
    const before = positionBefore(100n);
    expect(comparePositions(before, at(99, 123456))).toBe(1);
    expect(comparePositions(before, at(100, 0))).toBe(-1);
  });
});

describe('the next cursor', () => {
  it('is the last row’s position when the page is full: more may follow in the same transaction', () => {
    expect(nextChangeCursor(at(1, 1), [at(3, 1), at(3, 2)], 2, 50n)).toEqual(at(3, 2));
  });

  it('moves up to just before xmin when the reader has seen everything that ended', () => {
    expect(nextChangeCursor(at(1, 1), [at(3, 1)], 10, 50n)).toEqual(positionBefore(50n));
    expect(nextChangeCursor(at(1, 1), [], 10, 50n)).toEqual(positionBefore(50n));
  });

  it('never moves backwards (a cursor from before an xmin that has not advanced)', () => {
    const after = positionBefore(50n);
    expect(nextChangeCursor(after, [], 10, 40n)).toEqual(after);
  });
});

describe('expiry', () => {
  it('expires a cursor older than what retention deleted, not one at or after it', () => {
    expect(isCursorExpired(at(10, 5), at(10, 6))).toBe(true);
    expect(isCursorExpired(at(10, 6), at(10, 6))).toBe(false);
    expect(isCursorExpired(at(11, 0), at(10, 6))).toBe(false);
  });
});
