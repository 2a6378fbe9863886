// CSV as spreadsheets read it (RFC 4180), safe to open: a cell that a spreadsheet would run as a
// formula (starting with = + - @, or a tab or carriage return) is prefixed with ' so it stays text.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, cells joined by commas, ended by CRLF. */
export function csvLine(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
