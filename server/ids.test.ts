// Record ids (server/ids.ts): ULIDs whose random part comes from a pooled buffer of secure bytes.
import { describe, expect, it } from 'vitest';
import { ID_MAX_CHARS, ID_PREFIXES, isIdOf, newId } from './ids';

describe('newId', () => {
  it('gives distinct, well-formed ids whose random part uses the whole alphabet, across pool refills', () => {
    const ids = Array.from({ length: 10_000 }, () => newId('evt'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => isIdOf('evt', id))).toBe(true);
    const randomChars = new Set(ids.flatMap((id) => [...id.slice(-16)]));
    expect(randomChars.size).toBe(32);
  });

  it('never makes an id longer than ID_MAX_CHARS, the limit an id input has (server/api/inputs.ts)', () => {
    expect(Math.max(...ID_PREFIXES.map((prefix) => newId(prefix).length))).toBe(ID_MAX_CHARS);
  });
});
