// Record ids (server/ids.ts): ULIDs whose random part comes from a pooled buffer of secure bytes.
import { describe, expect, it } from 'vitest';
import { isIdOf, newId } from './ids';

describe('newId', () => {
  it('gives distinct, well-formed ids whose random part uses the whole alphabet, across pool refills', () => {
    const ids = Array.from({ length: 10_000 }, () => newId('evt'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => isIdOf('evt', id))).toBe(true);
    const randomChars = new Set(ids.flatMap((id) => [...id.slice(-16)]));
    expect(randomChars.size).toBe(32);
  });
});
