// The runtime's changes feed (docs/runtime-api.md "Changes feed"): positions, cursors and the
// rule for how far a reader may be handed rows.
//
// A position is (txid, seq): the writing transaction's id, then the order within it. Rows are
// handed out only from transactions older than the oldest one still running at the read (its
// snapshot's xmin): every such transaction has ended, so no row can later appear at or behind a
// position already handed out. The cursor after a read is its last row's position or, when the
// reader has seen everything before xmin, the position just before xmin.

/** How long changes are kept: a cursor older than this may have missed some (410). */
export const CHANGE_RETENTION_DAYS = 7;
export const CHANGES_DEFAULT_LIMIT = 500;
export const CHANGES_MAX_LIMIT = 1000;

/** Positions are bigints, kept as decimal strings outside SQL so no precision is lost. */
export interface ChangePosition {
  txid: bigint;
  seq: bigint;
}

/** Larger than any `seq` a sequence hands out: a position after every row of its transaction. */
const END_OF_TRANSACTION = 9223372036854775807n;

const CURSOR_PATTERN = /^(\d{1,19})\.(\d{1,19})$/;

export function encodeChangeCursor({ txid, seq }: ChangePosition): string {
  return `${txid}.${seq}`;
}

/** The position a cursor names, or null when it is not one this console hands out. */
export function decodeChangeCursor(cursor: string): ChangePosition | null {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) return null;
  const txid = BigInt(match[1]!);
  const seq = BigInt(match[2]!);
  if (txid > END_OF_TRANSACTION || seq > END_OF_TRANSACTION) return null;
  return { txid, seq };
}

export function comparePositions(a: ChangePosition, b: ChangePosition): number {
  if (a.txid !== b.txid) return a.txid < b.txid ? -1 : 1;
  return a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
}

/** The last position of every transaction older than `xmin`: where a reader that has seen all of them stands. */
export function positionBefore(xmin: bigint): ChangePosition {
  return { txid: xmin - 1n, seq: END_OF_TRANSACTION };
}

/**
 * The cursor to hand out after a read from `after` that returned `rows` (in position order) out
 * of those before `xmin`: the last row's position when the page was full (more may follow), else
 * the position before xmin (the reader has seen every ended transaction), never behind `after`.
 */
export function nextChangeCursor(after: ChangePosition, rows: readonly ChangePosition[], limit: number, xmin: bigint): ChangePosition {
  const last = rows.at(-1);
  if (last && rows.length >= limit) return last;
  const caughtUp = positionBefore(xmin);
  return comparePositions(caughtUp, after) > 0 ? caughtUp : after;
}

/** Whether a cursor is older than what retention has deleted (the reader must re-read everything). */
export function isCursorExpired(after: ChangePosition, horizon: ChangePosition): boolean {
  return comparePositions(after, horizon) < 0;
}
