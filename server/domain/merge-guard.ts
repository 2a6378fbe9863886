// Which wordings may never be merged into one however alike their letters are (docs/features.md
// "Review queue"): "Works the early shift." and "Works the late shift." share most trigrams but say
// opposite things. A wording's marks are its numbers and times, its negations and the words of a
// closed list of opposites; two wordings may merge only when their marks are the same. The list is
// closed on purpose: a word missing from it only lets two wordings merge as they did before, and a
// word added to it only ever keeps more apart.

/** Words that carry a value of their own, each with the mark it stands for (inflections share one). */
const MARKS: Readonly<Record<string, string>> = {
  // Negation: "no" also answers "yes" below.
  not: 'not',
  never: 'never',
  no: 'no',
  none: 'none',
  nobody: 'none',
  nothing: 'none',
  neither: 'not',
  nor: 'not',
  cannot: 'not',
  without: 'without',
  // Opposites.
  yes: 'yes',
  early: 'early',
  earlier: 'early',
  earliest: 'early',
  late: 'late',
  later: 'late',
  latest: 'late',
  before: 'before',
  after: 'after',
  on: 'on',
  off: 'off',
  more: 'more',
  most: 'more',
  less: 'less',
  least: 'less',
  fewer: 'less',
  fewest: 'less',
  min: 'min',
  minimum: 'min',
  max: 'max',
  maximum: 'max',
  // Times of day and of the week.
  am: 'am',
  pm: 'pm',
  noon: 'noon',
  midday: 'noon',
  midnight: 'midnight',
  morning: 'morning',
  mornings: 'morning',
  afternoon: 'afternoon',
  afternoons: 'afternoon',
  evening: 'evening',
  evenings: 'evening',
  night: 'night',
  nights: 'night',
  monday: 'monday',
  mondays: 'monday',
  tuesday: 'tuesday',
  tuesdays: 'tuesday',
  wednesday: 'wednesday',
  wednesdays: 'wednesday',
  thursday: 'thursday',
  thursdays: 'thursday',
  friday: 'friday',
  fridays: 'friday',
  saturday: 'saturday',
  saturdays: 'saturday',
  sunday: 'sunday',
  sundays: 'sunday',
  weekday: 'weekday',
  weekdays: 'weekday',
  weekend: 'weekend',
  weekends: 'weekend',
  // Numbers written out.
  zero: '0',
  one: '1',
  once: '1',
  two: '2',
  twice: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  ninety: '90',
  hundred: '100',
  thousand: '1000',
  half: '0.5',
  quarter: '0.25',
  dozen: '12',
};

/** Numbers with digits, times (9:30, 9.30) and decimals included; words, apostrophes kept. */
const TOKENS = /\d+(?:[.:,]\d+)*|[\p{L}’']+/gu;

/** What `text` says that a similar-looking wording might say otherwise: sorted, each once. */
export function wordingMarks(text: string): string[] {
  const marks = new Set<string>();
  for (const token of text.toLowerCase().match(TOKENS) ?? []) {
    if (/^\d/.test(token)) {
      // "09:30" and "9:30" are one time, "1,000" and "1000" one number.
      marks.add(token.replace(/,(?=\d{3}\b)/g, '').replace(/^0+(?=\d)/, ''));
      continue;
    }
    const word = token.replace(/’/g, "'");
    // "doesn't", "isn't", "won't": a negation however it is spelled.
    if (word.endsWith("n't")) {
      marks.add('not');
      continue;
    }
    const mark = MARKS[word.replace(/'s$/, '')];
    if (mark !== undefined) marks.add(mark);
  }
  return [...marks].sort();
}

/** May these two wordings count as one? Only when neither says a number, negation or opposite the other does not. */
export function mayMerge(a: string, b: string): boolean {
  return mergeKey(a) === mergeKey(b);
}

/**
 * Two wordings may count as one exactly when their keys are equal (`mayMerge`): their marks, each
 * once and sorted, joined. Marks are digits, dots, colons, commas and words, never a NUL.
 */
export function mergeKey(text: string): string {
  return wordingMarks(text).join('\u0000');
}
