import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FACT_CHARS, KEY_PATTERN, MAX_KEY_CHARS } from './fact-limits';
import { countChars, isSameFactText, validateFact } from './validate-fact';

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
    ['a word joined by a zero-width joiner emoji', 'family', '👩\u200D💻 writes code', '👩\u200D💻 writes code'],
    ['Arabic with a right-to-left mark', 'greeting', 'مرحبا\u200F', 'مرحبا\u200F'],
    ['a letter with a combining accent', 'accent', 'e\u0301', 'e\u0301'],
    ['visible text after a zero-width space', 'zw', '\u200Bhi', '\u200Bhi'],
  ])('%s', (_name, key, text, expectedText) => {
    expect(validateFact({ key, text }, limits)).toEqual({ ok: true, key, text: expectedText });
  });

  it('uses the limit it is given', () => {
    expect(validateFact({ key: 'k', text: 'abcde' }, { maxFactChars: 5 })).toEqual({ ok: true, key: 'k', text: 'abcde' });
    expect(validateFact({ key: 'k', text: 'abcdef' }, { maxFactChars: 5 })).toEqual({
      ok: false,
      errors: [{ field: 'text', reason: 'too-long', limit: 5, got: 6, message: 'text must be at most 5 characters (got 6)' }],
    });
  });
});

describe('validateFact: refused', () => {
  const keyCharset = 'key may use only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit';

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
    [
      'an escape inside the text',
      'k',
      'one\u001btwo',
      [{ field: 'text', message: 'text must not contain control characters such as tabs' }],
    ],
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
    // The reason, limit and length each error also carries are checked below.
    expect(validateFact({ key, text }, limits)).toEqual({ ok: false, errors: errors.map((error) => expect.objectContaining(error)) });
  });

  it.each<[string, string, string, { field: 'key' | 'text'; reason: string; limit?: number; got?: number }]>([
    ['too long a text', 'k', 'a'.repeat(241), { field: 'text', reason: 'too-long', limit: 240, got: 241 }],
    ['an empty text', 'k', '', { field: 'text', reason: 'required', limit: 240 }],
    ['a line break', 'k', 'a\nb', { field: 'text', reason: 'line-break' }],
    ['a tab', 'k', 'a\tb', { field: 'text', reason: 'control' }],
    ['only invisible characters', 'k', '\u200B', { field: 'text', reason: 'invisible' }],
    ['a bidi control', 'k', 'a\u202Eb', { field: 'text', reason: 'unicode' }],
    ['an empty key', '', validText, { field: 'key', reason: 'required', limit: 64 }],
    ['too long a key', 'k'.repeat(65), validText, { field: 'key', reason: 'too-long', limit: 64, got: 65 }],
    ['a malformed key', 'Bad Key', validText, { field: 'key', reason: 'pattern' }],
  ])('names the reason for %s, with the limit and the length found', (_name, key, text, expected) => {
    const verdict = validateFact({ key, text }, limits);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.errors).toHaveLength(1);
    expect(verdict.errors[0]).toMatchObject(expected);
    if (expected.got === undefined) expect(verdict.errors[0]).not.toHaveProperty('got');
  });

  const loneSurrogate = (field: string) => ({ message: `${field} must be well-formed Unicode (it contains half of a surrogate pair)` });
  const bidi = (field: string) => ({
    message: `${field} must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069)`,
  });
  const tag = (field: string) => ({ message: `${field} must not contain Unicode tag characters (U+E0000 to U+E007F)` });
  const invisible = { message: 'text must contain at least one visible character (not only spaces or invisible characters)' };

  it.each<[string, string, { message: string }]>([
    ['a lone high surrogate', 'x\uD800y', loneSurrogate('text')],
    ['a lone low surrogate', 'x\uDC00y', loneSurrogate('text')],
    ['a reversed surrogate pair', 'x\uDE00\uD83Dy', loneSurrogate('text')],
    ['a trailing lone surrogate', 'emoji cut in half \uD83D', loneSurrogate('text')],
    ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'].map(
      (control): [string, string, { message: string }] => [
        `bidi control U+${control.codePointAt(0)!.toString(16).toUpperCase()}`,
        `pay ${control}100 EUR`,
        bidi('text'),
      ],
    ),
    ['a tag character at the start', '\u{E0001}hello', tag('text')],
    ['hidden tag text in the middle', 'likes tea\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}', tag('text')],
    ['the cancel tag U+E007F', 'x\u{E007F}', tag('text')],
    ['only zero-width spaces', '\u200B\u200B\u200B', invisible],
    ['only a zero-width joiner and non-joiner', '\u200D\u200C', invisible],
    ['only a byte order mark inside spaces', ' \uFEFF\u200B ', invisible],
    ['only Hangul fillers', '\u3164\u3164', invisible],
    ['only a blank braille pattern', '\u2800', invisible],
    ['only no-break and ideographic spaces', '\u00A0\u3000', { message: 'text is required (1 to 240 characters)' }],
    ['only a soft hyphen', '\u00AD', invisible],
    ['only combining marks', '\u0301\u0302', invisible],
    ['only a variation selector', '\uFE0F', invisible],
  ])('refuses text with %s, naming the problem', (_name, text, error) => {
    expect(validateFact({ key: 'k', text }, limits)).toEqual({ ok: false, errors: [expect.objectContaining({ field: 'text', ...error })] });
  });

  it.each<[string, string, { message: string }]>([
    ['a lone surrogate', 'fiscal\uD800', loneSurrogate('key')],
    ['a right-to-left override', 'fiscal\u202Eraey', bidi('key')],
    ['a tag character', 'fiscal\u{E0041}', tag('key')],
  ])('refuses a key with %s, naming the problem rather than the allowed characters', (_name, key, error) => {
    expect(validateFact({ key, text: validText }, limits)).toEqual({ ok: false, errors: [{ field: 'key', reason: 'unicode', ...error }] });
  });

  it('names every problem a text has at once', () => {
    expect(validateFact({ key: 'k', text: '\u202E\uD800\u{E0020}' }, limits)).toEqual({
      ok: false,
      errors: [
        { field: 'text', reason: 'unicode', ...loneSurrogate('text') },
        { field: 'text', reason: 'unicode', ...bidi('text') },
        { field: 'text', reason: 'unicode', ...tag('text') },
      ],
    });
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

describe('isSameFactText', () => {
  it('treats text that differs only in surrounding whitespace as the same', () => {
    expect(isSameFactText('Prefers tea.', '  Prefers tea.\n')).toBe(true);
  });
  it('treats any other difference as a change', () => {
    expect(isSameFactText('Prefers tea.', 'Prefers tea!')).toBe(false);
    expect(isSameFactText('Prefers tea.', 'prefers tea.')).toBe(false);
  });
});
