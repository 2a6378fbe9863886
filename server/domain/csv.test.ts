import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('leaves plain text, numbers and empty values as they are', () => {
    expect(csvCell('fiscal-year')).toBe('fiscal-year');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it.each(['=1+1', '+49 30', '-2', '@SUM(A1)', '\tx', '\rx'])('keeps %j from running as a formula', (text) => {
    expect(csvCell(text).replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it('escapes a formula that also needs quotes', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
