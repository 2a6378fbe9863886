import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FACT_CHARS, KEY_PATTERN, MAX_KEY_CHARS, countChars, validateFact } from './validate-fact';

const limits = { maxFactChars: DEFAULT_MAX_FACT_CHARS };
const validText = 'they report on the calendar year';

describe('countChars', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['😀', 1],
    ['日本語', 3],
    ['👍🏽', 2],
  ])('counts %j as %i code points', (value, expected) => {
    expect(countChars(value)).toBe(expected);
  });
});

describe('validateFact: accepted', () => {
  it.each([
    ['a plain fact', 'fiscal-year', validText, validText],
    ['a key with digits, dots and underscores', '2fa.method_v2', 'totp', 'totp'],
    ['a single-character key', 'a', 'x', 'x'],
    [`a ${MAX_KEY_CHARS}-character key`, 'k'.repeat(MAX_KEY_CHARS), validText, validText],
    ['surrounding whitespace trimmed from text', 'units', '  kilometres \n', 'kilometres'],
    ['240 plain characters', 'long', 'a'.repeat(240), 'a'.repeat(240)],
    ['240 emoji (480 UTF-16 units)', 'emoji', '😀'.repeat(240), '😀'.repeat(240)],
    ['240 CJK characters', 'cjk', '日'.repeat(240), '日'.repeat(240)],
  ])('%s', (_name, key, text, expectedText) => {
    expect(validateFact({ key, text }, limits)).toEqual({ ok: true, key, text: expectedText });
  });

  it('uses the limit it is given', () => {
    expect(validateFact({ key: 'k', text: 'abcde' }, { maxFactChars: 5 })).toEqual({ ok: true, key: 'k', text: 'abcde' });
    expect(validateFact({ key: 'k', text: 'abcdef' }, { maxFactChars: 5 })).toEqual({
      ok: false,
      errors: [{ field: 'text', message: 'text must be at most 5 characters (got 6)' }],
    });
  });
});

describe('validateFact: refused', () => {
  const keyCharset =
    'key may use only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit';

  it.each<[string, string, string, { field: 'key' | 'text'; message: string }[]]>([
    ['a 241-character fact', 'long', 'a'.repeat(241), [{ field: 'text', message: 'text must be at most 240 characters (got 241)' }]],
    ['241 emoji', 'emoji', '😀'.repeat(241), [{ field: 'text', message: 'text must be at most 240 characters (got 241)' }]],
    ['an empty text', 'k', '', [{ field: 'text', message: 'text is required (1 to 240 characters)' }]],
    ['a blank text', 'k', ' \t\n ', [{ field: 'text', message: 'text is required (1 to 240 characters)' }]],
    ['a line feed inside the text', 'k', 'one\ntwo', [{ field: 'text', message: 'text must be a single line (no line breaks)' }]],
    ['a carriage return inside the text', 'k', 'one\rtwo', [{ field: 'text', message: 'text must be a single line (no line breaks)' }]],
    ['a line separator inside the text', 'k', 'one\u2028two', [{ field: 'text', message: 'text must be a single line (no line breaks)' }]],
    ['a tab inside the text', 'k', 'one\ttwo', [{ field: 'text', message: 'text must not contain control characters such as tabs' }]],
    ['a NUL inside the text', 'k', 'one\u0000two', [{ field: 'text', message: 'text must not contain control characters such as tabs' }]],
    ['an escape inside the text', 'k', 'one\u001btwo', [{ field: 'text', message: 'text must not contain control characters such as tabs' }]],
    ['an empty key', '', validText, [{ field: 'key', message: 'key is required (1 to 64 characters)' }]],
    ['a 65-character key', 'k'.repeat(65), validText, [{ field: 'key', message: 'key must be at most 64 characters (got 65)' }]],
    ['an uppercase key', 'Fiscal-year', validText, [{ field: 'key', message: keyCharset }]],
    ['a key starting with a dash', '-fiscal', validText, [{ field: 'key', message: keyCharset }]],
    ['a key starting with a dot', '.fiscal', validText, [{ field: 'key', message: keyCharset }]],
    ['a key with a space', 'fiscal year', validText, [{ field: 'key', message: keyCharset }]],
    ['a key with surrounding spaces (keys are not trimmed)', ' fiscal ', validText, [{ field: 'key', message: keyCharset }]],
    ['a key with a non-ASCII letter', 'größe', validText, [{ field: 'key', message: keyCharset }]],
    [
      'a key both too long and malformed',
      'K'.repeat(70),
      validText,
      [
        { field: 'key', message: 'key must be at most 64 characters (got 70)' },
        { field: 'key', message: keyCharset },
      ],
    ],
    [
      'a bad key and a bad text together',
      'Bad Key',
      'x'.repeat(300) + '\n',
      [
        { field: 'key', message: keyCharset },
        { field: 'text', message: 'text must be at most 240 characters (got 300)' },
      ],
    ],
    [
      'a long multi-line text',
      'k',
      'x'.repeat(200) + '\n' + 'y'.repeat(200),
      [
        { field: 'text', message: 'text must be at most 240 characters (got 401)' },
        { field: 'text', message: 'text must be a single line (no line breaks)' },
      ],
    ],
  ])('%s', (_name, key, text, errors) => {
    expect(validateFact({ key, text }, limits)).toEqual({ ok: false, errors });
  });

  it('never truncates: the refused text is not returned shortened', () => {
    const verdict = validateFact({ key: 'k', text: 'a'.repeat(241) }, limits);
    expect(verdict.ok).toBe(false);
    expect(verdict).not.toHaveProperty('text');
  });
});

describe('KEY_PATTERN', () => {
  it.each([
    ['fiscal-year', true],
    ['0day', true],
    ['a.b_c-d', true],
    ['_x', false],
    ['A', false],
    ['', false],
  ])('%j matches: %s', (key, matches) => {
    expect(KEY_PATTERN.test(key)).toBe(matches);
  });
});
