// The limits of a key and a fact, apart from the checks that apply them (validate-fact.ts): a page
// that only shows a limit loads these few bytes rather than the checks (docs/benchmarks.md
// "First-load JavaScript").

export const MAX_KEY_CHARS = 64;
export const DEFAULT_MAX_FACT_CHARS = 240;
/** Allowed characters and first character of a key; the length limit is MAX_KEY_CHARS. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
