import { describe, expect, it } from 'vitest';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';

describe('audit cursor', () => {
  it('round-trips a position', () => {
    const position = { at: new Date('2026-11-30T10:00:00.123Z'), id: 'aud_01K0000000000000000000ABCD' };
    expect(decodeAuditCursor(encodeAuditCursor(position))).toEqual(position);
  });

  it.each(['', 'nonsense', '2026-13-01T00:00:00.000Z~aud_x', '2026-11-30T10:00:00.000Z~', 'a~b~c'])('rejects %j', (cursor) => {
    expect(decodeAuditCursor(cursor)).toBeNull();
  });
});
