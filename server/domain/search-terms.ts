// How the runtime's search reads a turn's own words (docs/runtime-api.md "Search"): any word may
// match, the words that carry no meaning ("what", "is", "the") are dropped, a word after a minus
// sign excludes, a "quoted phrase" ranks higher where it appears whole, and the last word also
// matches as the start of a word (the person may still be typing it). The database stems what is
// left (English, with a plain fallback so other languages' words still match); this module only
// decides which words go there, so no text a person types can make the search fail.

/** Words of English that say nothing about the subject; a query of only these ranks nothing. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves s t d ll m o re ve y shall may might must let lets us tell please ' +
    'know want like get got also whats'
  ).split(' '),
);

/** At most this many words are searched; the rest of a long turn is ignored. */
export const MAX_SEARCH_TERMS = 32;
/** A word longer than this is no word anyone searches for (and PostgreSQL skips lexemes over 2 kB). */
export const MAX_TERM_CHARS = 64;
export const MAX_SEARCH_PHRASES = 4;

export interface SearchTerms {
  /** The words any of which may match, lower-case, without stop words, in order of first use. */
  terms: string[];
  /** Words after a minus sign: a record holding one is left out. */
  excluded: string[];
  /** Quoted phrases of two words or more, as their words: ranked higher where they appear whole. */
  phrases: string[][];
  /** The last word when the query does not end in a space or a quote: it also matches as a prefix. */
  prefix: string | null;
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((word) => word.length <= MAX_TERM_CHARS);
}

/**
 * The words of `query` to search for. Every word returned is letters and digits only, so it can be
 * joined into a tsquery with `|` and never be read as an operator.
 */
export function searchTermsOf(query: string): SearchTerms {
  const phrases: string[][] = [];
  const excluded: string[] = [];
  const terms: string[] = [];
  const add = (list: string[], word: string) => {
    if (!list.includes(word) && list.length < MAX_SEARCH_TERMS) list.push(word);
  };
  // Quoted phrases first: their words are terms too.
  const unquoted = query.replace(/"([^"]*)"?/g, (_, inside: string) => {
    const words = wordsOf(inside);
    if (words.length >= 2 && phrases.length < MAX_SEARCH_PHRASES) phrases.push(words);
    for (const word of words) if (!ENGLISH_STOP_WORDS.has(word)) add(terms, word);
    return ' ';
  });
  for (const match of unquoted.matchAll(/(^|[^\p{L}\p{N}])(-*)([\p{L}\p{N}]+)/gu)) {
    const word = match[3]!.toLowerCase();
    if (word.length > MAX_TERM_CHARS) continue;
    // A minus sign right before a word excludes it (any run of them means one); elsewhere it is a separator.
    const minus = match[2]!.length > 0 && (match[1] === '' || /\s/u.test(match[1]!));
    if (minus) add(excluded, word);
    else if (!ENGLISH_STOP_WORDS.has(word)) add(terms, word);
  }
  const last = /([\p{L}\p{N}]+)$/u.exec(query.toLowerCase())?.[1];
  const prefix = last && last.length >= 3 && last.length <= MAX_TERM_CHARS && terms.includes(last) ? last : null;
  return { terms: terms.filter((term) => !excluded.includes(term)), excluded, phrases, prefix };
}

/** The terms as one tsquery text of alternatives (`fiscal | year`), or null when there are none. */
export function anyOfQuery(words: readonly string[]): string | null {
  return words.length === 0 ? null : words.join(' | ');
}
