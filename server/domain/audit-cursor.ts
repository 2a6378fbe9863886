// The keyset position in the audit log, newest first (`at desc, id desc`): the page after a row
// holds only rows strictly older, or as old with a smaller id, so no row is missed or repeated.

export interface AuditPosition {
  at: Date;
  id: string;
}

export function encodeAuditCursor({ at, id }: AuditPosition): string {
  return `${at.toISOString()}~${id}`;
}

/** The position a cursor names, or null when it is not one this console made. */
export function decodeAuditCursor(cursor: string): AuditPosition | null {
  const [iso, id, ...rest] = cursor.split('~');
  if (!iso || !id || rest.length > 0) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso) return null;
  return { at, id };
}
