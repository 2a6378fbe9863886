// Text PostgreSQL cannot take. A NUL (U+0000) is refused by `text` columns and by jsonb (22021,
// 22P05), and a lone UTF-16 surrogate — half of a character, which no UTF-8 text can hold — is
// either replaced on its way there or refused inside JSON. Either would reach the database as an
// error or as other text than was sent, so every string input is checked for both at the edge
// (server/api/inputs.ts; docs/architecture.md "Strings at the edge").

export type UnstorableTextReason = 'NUL' | 'LONE_SURROGATE';

/** Half of a surrogate pair without its other half (a whole pair is one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Why the text cannot be stored or compared as sent, or null when it can. */
export function unstorableTextReason(text: string): UnstorableTextReason | null {
  if (text.includes('\u0000')) return 'NUL';
  if (hasLoneSurrogate(text)) return 'LONE_SURROGATE';
  return null;
}

/** The refusal's words, after the field's name: "key must not contain …". */
export function describeUnstorableText(reason: UnstorableTextReason): string {
  return reason === 'NUL'
    ? 'must not contain the NUL character (U+0000)'
    : 'must be well-formed Unicode (it contains half of a surrogate pair)';
}
