import { describe, expect, it } from 'vitest';
import { anyOfQuery, MAX_SEARCH_TERMS, searchTermsOf } from './search-terms';

describe('searchTermsOf', () => {
  it.each([
    ['what is the fiscal year', ['fiscal', 'year'], [], [], 'year'],
    ['What IS the Fiscal-Year?', ['fiscal', 'year'], [], [], null],
    ['the and of', [], [], [], null],
    ['', [], [], [], null],
    ['coffee -tea', ['coffee'], ['tea'], [], null],
    ['coffee --tea', ['coffee'], ['tea'], [], null],
    ['one-page pdf', ['one', 'page', 'pdf'], [], [], 'pdf'],
    ['"early shift" please', ['early', 'shift'], [], [['early', 'shift']], null],
    ['"unterminated phrase', ['unterminated', 'phrase'], [], [['unterminated', 'phrase']], 'phrase'],
    ['Größe der Lagerhalle', ['größe', 'der', 'lagerhalle'], [], [], 'lagerhalle'],
    ['東京 office', ['東京', 'office'], [], [], 'office'],
    ['meet', ['meet'], [], [], 'meet'],
    ['it’s 25 minutes', ['25', 'minutes'], [], [], 'minutes'],
    ['a & b | !c <-> (d):*', ['b', 'c'], [], [], null],
  ])('%j', (query, terms, excluded, phrases, prefix) => {
    expect(searchTermsOf(query)).toEqual({ terms, excluded, phrases, prefix });
  });

  it('gives only words of letters and digits, so a tsquery of them has no operator in it', () => {
    const nasty = `'; DROP TABLE x; -- \\ " ' : * & | ! <-> ( ) \u0000 ${'-'.repeat(100)}word ${'x'.repeat(70)}`;
    const { terms, excluded } = searchTermsOf(nasty);
    for (const word of [...terms, ...excluded]) expect(word).toMatch(/^[\p{L}\p{N}]{1,64}$/u);
    expect(terms).toContain('drop');
    expect(searchTermsOf(`${'-'.repeat(100)}word`).excluded).toEqual(['word']);
  });

  it('keeps at most MAX_SEARCH_TERMS words, in order of first use, each once', () => {
    const words = Array.from({ length: 50 }, (_, i) => `w${i}`);
    const { terms } = searchTermsOf([...words, ...words].join(' '));
    expect(terms).toEqual(words.slice(0, MAX_SEARCH_TERMS));
  });

  it('joins terms as alternatives', () => {
    expect(anyOfQuery(['fiscal', 'year'])).toBe('fiscal | year');
    expect(anyOfQuery([])).toBeNull();
  });
});
