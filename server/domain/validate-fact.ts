// Whether a key and a fact may be stored: refused with reasons, never shortened to fit, and never
// holding text that is not what it looks like (broken Unicode, reordering or hidden characters).
import { KEY_PATTERN, MAX_KEY_CHARS } from './fact-limits';
import { describeUnstorableText, hasLoneSurrogate } from './storable-text';

const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/u;
const CONTROL_CHARACTER = /\p{Cc}/u;
/**
 * Embedding, override and isolate controls: invisible, yet they reorder the text around them, so
 * what a reviewer reads is not what the assistant is given.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Unicode tag characters: invisible, and able to carry hidden instructions to a language model. */
const TAG_CHARACTER = /[\u{E0000}-\u{E007F}]/u;
/**
 * A character that shows something: not a space, not an invisible or formatting character (such
 * as a zero-width space or the Hangul filler), not a lone combining mark, not the blank braille
 * pattern.
 */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Cs}\p{M}\u2800]/u;

export type FactErrorReason = 'required' | 'too-long' | 'pattern' | 'line-break' | 'control' | 'unicode' | 'invisible';

export interface FactError {
  field: 'key' | 'text';
  message: string;
  /** What is wrong, for wording the error for a person (the message is the API's terse form). */
  reason: FactErrorReason;
  /** The limit broken and the length found, for `too-long` (and the limit for `required`). */
  limit?: number;
  got?: number;
}

export type FactVerdict = { ok: true; key: string; text: string } | { ok: false; errors: FactError[] };

/** Length in Unicode code points, so an emoji or a CJK character counts as one. */
export function countChars(value: string): number {
  return Array.from(value).length;
}

/** Characters no key or fact may hold anywhere, each named so the writer can find it. */
function unicodeErrors(field: FactError['field'], value: string): FactError[] {
  const errors: FactError[] = [];
  if (hasLoneSurrogate(value)) {
    errors.push({ field, reason: 'unicode', message: `${field} ${describeUnstorableText('LONE_SURROGATE')}` });
  }
  if (BIDI_CONTROL.test(value)) {
    errors.push({
      field,
      reason: 'unicode',
      message: `${field} must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069)`,
    });
  }
  if (TAG_CHARACTER.test(value)) {
    errors.push({ field, reason: 'unicode', message: `${field} must not contain Unicode tag characters (U+E0000 to U+E007F)` });
  }
  return errors;
}

/** `required` when the value is empty (then nothing else about it is worth saying), `too-long` past `limit`. */
function lengthErrors(field: FactError['field'], value: string, limit: number): FactError[] {
  const length = countChars(value);
  if (length === 0) return [{ field, reason: 'required', limit, message: `${field} is required (1 to ${limit} characters)` }];
  if (length > limit)
    return [{ field, reason: 'too-long', limit, got: length, message: `${field} must be at most ${limit} characters (got ${length})` }];
  return [];
}

function keyErrors(key: string): FactError[] {
  const errors = lengthErrors('key', key, MAX_KEY_CHARS);
  if (errors[0]?.reason === 'required') return errors;
  const unicode = unicodeErrors('key', key);
  // The named problem says more than the list of allowed characters, which it also breaks.
  if (unicode.length > 0) {
    errors.push(...unicode);
  } else if (!KEY_PATTERN.test(key)) {
    errors.push({
      field: 'key',
      reason: 'pattern',
      message: 'key may use only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    });
  }
  return errors;
}

function textErrors(text: string, maxFactChars: number): FactError[] {
  // A fact that needs more room than maxFactChars is a document, and cutting it would store a
  // claim nobody made; the writer has to restate it.
  const errors = lengthErrors('text', text, maxFactChars);
  if (errors[0]?.reason === 'required') return errors;
  if (LINE_BREAK.test(text)) {
    errors.push({ field: 'text', reason: 'line-break', message: 'text must be a single line (no line breaks)' });
  } else if (CONTROL_CHARACTER.test(text)) {
    errors.push({ field: 'text', reason: 'control', message: 'text must not contain control characters such as tabs' });
  }
  const unicode = unicodeErrors('text', text);
  errors.push(...unicode);
  if (unicode.length === 0 && !VISIBLE_CHARACTER.test(text)) {
    errors.push({
      field: 'text',
      reason: 'invisible',
      message: 'text must contain at least one visible character (not only spaces or invisible characters)',
    });
  }
  return errors;
}

/** How a fact's text is stored: without surrounding whitespace. */
export function normalizeFactText(text: string): string {
  return text.trim();
}

/** Whether writing `incoming` would store exactly the text already held (a no-op, not a new version). */
export function isSameFactText(stored: string, incoming: string): boolean {
  return stored === normalizeFactText(incoming);
}

export function validateFact(input: { key: string; text: string }, limits: { maxFactChars: number }): FactVerdict {
  const text = normalizeFactText(input.text);
  const errors = [...keyErrors(input.key), ...textErrors(text, limits.maxFactChars)];
  return errors.length === 0 ? { ok: true, key: input.key, text } : { ok: false, errors };
}
