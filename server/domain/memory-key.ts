// A memory's key when a person only wrote the text: derived from the words that carry meaning,
// kept distinct from the keys they already hold, and matched against topics that already apply
// to them so their statement can override the wider value instead of sitting beside it.
import { KEY_PATTERN, MAX_KEY_CHARS } from './fact-limits';

/** The key of a text with no usable words (only digits of another script, emoji…). */
export const FALLBACK_KEY = 'memory';
/** At most this many words make a derived key: enough to tell memories apart, short to read. */
const MAX_KEY_WORDS = 4;

/** Words that say nothing about the topic of a statement about oneself. */
const FILLER_WORDS = new Set(
  (
    'a an the i me my mine myself we us our you your it its this that these those is am are was were be been being ' +
    'do does did have has had will would shall should can could may might must to of in on at by for from with ' +
    'about as into than then and or but if so not no yes very really just always usually please also too ' +
    'like likes prefer prefers want wants need needs use uses get gets'
  ).split(' '),
);

/** The lowercase words of a text, accents removed, split at anything that is not a letter or digit. */
export function topicWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** A plural and its singular count as one word ("years" matches "year"). */
function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * The key for a text: its first few meaningful words joined by "-", within the key rules
 * (`KEY_PATTERN`, `MAX_KEY_CHARS`). The same text always gives the same key, in the browser's
 * preview and on the server.
 */
export function deriveMemoryKey(text: string): string {
  const words = topicWords(text);
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word));
  const chosen = (meaningful.length > 0 ? meaningful : words).slice(0, MAX_KEY_WORDS);
  let key = '';
  for (const word of chosen) {
    const next = key ? `${key}-${word}` : word;
    if (next.length > MAX_KEY_CHARS) break;
    key = next;
  }
  if (!key) key = chosen[0]?.slice(0, MAX_KEY_CHARS) ?? '';
  return KEY_PATTERN.test(key) ? key : FALLBACK_KEY;
}

/**
 * A key like `base` that is none of `taken`: `base` itself when free, else `base-2`, `base-3`…
 * (shortening `base` so the suffix fits in `MAX_KEY_CHARS`).
 */
export function distinctKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const head = base.slice(0, MAX_KEY_CHARS - suffix.length).replace(/[._-]+$/, '');
    const candidate = `${head || FALLBACK_KEY}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * The topic among `keys` that the text is about: a key all of whose words (split at ".", "_", "-")
 * appear in the text. When several match, the one naming the most words wins, then the first
 * given. Keys without a word of three letters or more never match, so "a-b" is not a topic.
 */
export function matchTopic(text: string, keys: readonly string[]): string | null {
  const words = new Set(topicWords(text).map(stem));
  let best: { key: string; size: number } | null = null;
  for (const key of keys) {
    const parts = key.split(/[._-]+/).filter((part) => part.length > 0);
    if (!parts.some((part) => part.length >= 3)) continue;
    if (!parts.every((part) => words.has(stem(part)))) continue;
    if (!best || parts.length > best.size) best = { key, size: parts.length };
  }
  return best?.key ?? null;
}
