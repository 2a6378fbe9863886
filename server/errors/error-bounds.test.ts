import { describe, expect, it } from 'vitest';
import {
  MAX_LISTED_BYTES,
  MAX_LISTED_PROBLEMS,
  MAX_MESSAGE_BYTES,
  clipText,
  jsonTextBytes,
  listProblems,
  notListedSentence,
  problemsSentence,
} from './error-bounds';

/** The bytes `text` takes in JSON, quotes left out, as JSON.stringify writes it. */
const measured = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

describe('jsonTextBytes', () => {
  it.each([
    ['ASCII', 'offered'],
    ['quotes and backslashes', 'say "hi" \\ there'],
    ['short escapes', 'a\nb\tc\r'],
    ['other control characters', '\u0000\u0001\u001f'],
    ['two- and three-byte characters', 'Straße – 東京'],
    ['a pair', '😀x'],
    ['lone surrogates', '\ud800x\udc00'],
  ])('counts %s as JSON.stringify writes them', (_case, text) => {
    expect(jsonTextBytes(text)).toBe(measured(text));
  });
});

describe('clipText', () => {
  it('leaves a text within its budget alone', () => {
    expect(clipText('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });

  it.each([
    ['ASCII', 'x'],
    ['control characters (6 bytes each in JSON)', '\u0001'],
    ['three-byte characters', '東'],
    ['pairs', '😀'],
  ])('cuts a long text of %s to the budget and marks the cut', (_case, unit) => {
    const clipped = clipText(unit.repeat(5_000), 1_000);
    expect(measured(clipped)).toBeLessThanOrEqual(1_000);
    expect(measured(clipped)).toBeGreaterThan(990);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clipped.slice(0, -1)).toBe(unit.repeat((clipped.length - 1) / unit.length));
  });
});

describe('listProblems', () => {
  const problem = (index: number) => ({ index, field: 'offered', message: 'Too small: expected number to be >=0' });

  it('lists every problem of a short list', () => {
    expect(listProblems([problem(0), problem(1)])).toEqual({ listed: [problem(0), problem(1)], more: 0 });
  });

  it(`lists the first ${MAX_LISTED_PROBLEMS} and counts the rest, also of a larger total`, () => {
    const all = Array.from({ length: 500 }, (_, index) => problem(index));
    expect(listProblems(all)).toEqual({ listed: all.slice(0, MAX_LISTED_PROBLEMS), more: 480 });
    expect(listProblems(all.slice(0, 100), 5_000).more).toBe(5_000 - MAX_LISTED_PROBLEMS);
  });

  it('cuts long fields and messages, and stops when the listed ones fill their budget', () => {
    const long = Array.from({ length: 50 }, (_, index) => ({ index, field: '\u0001'.repeat(10_000), message: 'm'.repeat(100_000) }));
    const { listed, more } = listProblems(long);
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThanOrEqual(MAX_LISTED_BYTES + listed.length);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length + more).toBe(50);
    expect(listed[0]!.message.endsWith('…')).toBe(true);
  });

  it('says how many were left out, and nothing when none were', () => {
    expect(notListedSentence({ listed: [1, 2], more: 7 })).toBe(' Only the first 2 are listed (and 7 more).');
    expect(notListedSentence({ listed: [1, 2], more: 0 })).toBe('');
  });
});

describe('problemsSentence', () => {
  it('names each problem and its field', () => {
    expect(
      problemsSentence([
        { field: 'scopes', message: 'at most 50' },
        { field: '', message: 'expected an object' },
      ]),
    ).toBe('scopes: at most 50; body: expected an object');
  });

  it('stays within the message budget and keeps the count of the rest', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({ field: `k${index}`.repeat(40), message: 'Unknown field.'.repeat(20) }));
    const sentence = problemsSentence(many);
    expect(measured(sentence)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    expect(sentence).toMatch(/\(and 9,9\d\d more\)$/);
  });
});
