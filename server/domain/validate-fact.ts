// Whether a key and a fact may be stored: refused with reasons, never shortened to fit.

export const MAX_KEY_CHARS = 64;
export const DEFAULT_MAX_FACT_CHARS = 240;
/** Allowed characters and first character of a key; the length limit is MAX_KEY_CHARS. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/u;
const CONTROL_CHARACTER = /\p{Cc}/u;

export interface FactError {
  field: 'key' | 'text';
  message: string;
}

export type FactVerdict = { ok: true; key: string; text: string } | { ok: false; errors: FactError[] };

/** Length in Unicode code points, so an emoji or a CJK character counts as one. */
export function countChars(value: string): number {
  return Array.from(value).length;
}

function keyErrors(key: string): FactError[] {
  const length = countChars(key);
  if (length === 0) {
    return [{ field: 'key', message: `key is required (1 to ${MAX_KEY_CHARS} characters)` }];
  }
  const errors: FactError[] = [];
  if (length > MAX_KEY_CHARS) {
    errors.push({ field: 'key', message: `key must be at most ${MAX_KEY_CHARS} characters (got ${length})` });
  }
  if (!KEY_PATTERN.test(key)) {
    errors.push({
      field: 'key',
      message:
        'key may use only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    });
  }
  return errors;
}

function textErrors(text: string, maxFactChars: number): FactError[] {
  const length = countChars(text);
  if (length === 0) {
    return [{ field: 'text', message: `text is required (1 to ${maxFactChars} characters)` }];
  }
  const errors: FactError[] = [];
  // A fact that needs more room than this is a document, and cutting it would store a claim
  // nobody made; the writer has to restate it.
  if (length > maxFactChars) {
    errors.push({ field: 'text', message: `text must be at most ${maxFactChars} characters (got ${length})` });
  }
  if (LINE_BREAK.test(text)) {
    errors.push({ field: 'text', message: 'text must be a single line (no line breaks)' });
  } else if (CONTROL_CHARACTER.test(text)) {
    errors.push({ field: 'text', message: 'text must not contain control characters such as tabs' });
  }
  return errors;
}

export function validateFact(input: { key: string; text: string }, limits: { maxFactChars: number }): FactVerdict {
  const text = input.text.trim();
  const errors = [...keyErrors(input.key), ...textErrors(text, limits.maxFactChars)];
  return errors.length === 0 ? { ok: true, key: input.key, text } : { ok: false, errors };
}
