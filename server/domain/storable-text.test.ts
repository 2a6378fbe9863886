import { describe, expect, it } from 'vitest';
import { unstorableTextReason } from './storable-text';

describe('unstorableTextReason', () => {
  it.each([
    ['plain text', 'Drinks coffee black.'],
    ['the empty string', ''],
    ['whole characters beyond the BMP', 'Likes 🐘 and 𝄞'],
    ['other control characters', 'tab\there\u0001'],
    ['the replacement character', '\uFFFD'],
  ])('accepts %s', (_name, text) => {
    expect(unstorableTextReason(text)).toBeNull();
  });

  it.each([
    ['a NUL alone', '\u0000', 'NUL'],
    ['a NUL inside text', 'run\u0000id', 'NUL'],
    ['a high surrogate alone', '\uD800', 'LONE_SURROGATE'],
    ['a high surrogate at the end', 'run-7\uD83D', 'LONE_SURROGATE'],
    ['a low surrogate alone', 'x\uDC00y', 'LONE_SURROGATE'],
    ['two halves in the wrong order', '\uDE00\uD83D', 'LONE_SURROGATE'],
  ])('refuses %s', (_name, text, reason) => {
    expect(unstorableTextReason(text)).toBe(reason);
  });
});
