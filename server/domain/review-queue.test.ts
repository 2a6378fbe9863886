import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayMerge } from './merge-guard';
import {
  clusterTexts,
  clusterWordings,
  decodeReviewCursor,
  encodeReviewCursor,
  publishedState,
  reviewAgeCutoff,
  reviewSearchQuery,
  isSnoozed,
  SNOOZE_MAX_DAYS,
  snoozeUntilOf,
  snoozeUntilProblem,
  type TextCluster,
  type TextCount,
} from './review-queue';

const close = (a: string, b: string) => (a[0] === b[0] ? 0.8 : 0.1);

describe('clusterTexts', () => {
  it('puts similar wordings under the most-held one and counts everyone', () => {
    const clusters = clusterTexts(
      [
        { text: 'a short', people: 1 },
        { text: 'b other', people: 2 },
        { text: 'a long', people: 5 },
      ],
      close,
    );
    expect(clusters).toEqual([
      {
        representative: 'a long',
        people: 6,
        texts: [
          { text: 'a long', people: 5 },
          { text: 'a short', people: 1 },
        ],
      },
      { representative: 'b other', people: 2, texts: [{ text: 'b other', people: 2 }] },
    ]);
  });

  it('keeps dissimilar wordings apart and breaks ties alphabetically', () => {
    const clusters = clusterTexts(
      [
        { text: 'y', people: 1 },
        { text: 'x', people: 1 },
      ],
      () => 0,
    );
    expect(clusters.map((cluster) => cluster.representative)).toEqual(['x', 'y']);
  });
});

describe('clusterTexts against its definition', () => {
  /** The rule as written: most-held first, each joins the first cluster begun whose representative it is similar to and may merge with. */
  function byDefinition(texts: TextCount[], similarity: (a: string, b: string) => number): TextCluster[] {
    const ordered = [...texts].sort((a, b) => b.people - a.people || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    const clusters: TextCluster[] = [];
    for (const entry of ordered) {
      const home = clusters.find(
        (cluster) => similarity(cluster.representative, entry.text) >= 0.45 && mayMerge(cluster.representative, entry.text),
      );
      if (home) {
        home.people += entry.people;
        home.texts.push(entry);
      } else clusters.push({ representative: entry.text, people: entry.people, texts: [entry] });
    }
    return clusters.sort((a, b) => b.people - a.people);
  }
  const word = fc.constantFrom('starts', 'work', 'at', '9:30', '10', 'not', "doesn't", 'before', 'after', 'tea', 'never', 'always', 'two');
  const wording = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));

  it('compares a wording only with the clusters it may join (not every cluster begun before it)', () => {
    // 50 wordings, each with its own time: none may merge with another, so none is compared.
    const texts = Array.from({ length: 50 }, (_, index) => ({ text: `Starts work at 9:${String(index).padStart(2, '0')}`, people: 1 }));
    let compared = 0;
    const clusters = clusterTexts(texts, () => {
      compared += 1;
      return 1;
    });
    expect(clusters).toHaveLength(50);
    expect(compared).toBe(0);
  });

  it('clusters random wordings (numbers, negations, opposites) as the rule says', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(wording, { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 40, maxLength: 40 }),
        fc.integer({ min: 0, max: 1_000 }),
        (texts, people, seed) => {
          // A symmetric similarity from the pair's texts, about half of the pairs similar enough.
          const similarity = (a: string, b: string) => {
            const [x, y] = a < b ? [a, b] : [b, a];
            let hash = seed;
            for (const char of `${x}|${y}`) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
            return (hash % 100) / 100;
          };
          const counts = texts.map((text, index) => ({ text, people: people[index]! }));
          expect(clusterTexts(counts, similarity)).toEqual(byDefinition(counts, similarity));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('clusterWordings', () => {
  it("reads each pair's similarity from the later wording of the two, whichever is compared with which", () => {
    const clusters = clusterWordings([
      ['Likes tea.', 3, []],
      ['Hates tea.', 2, [0.2]],
      ['Likes green tea.', 1, [0.6, 0.1]],
    ]);
    expect(clusters).toEqual([
      {
        representative: 'Likes tea.',
        people: 4,
        texts: [
          { text: 'Likes tea.', people: 3 },
          { text: 'Likes green tea.', people: 1 },
        ],
      },
      { representative: 'Hates tea.', people: 2, texts: [{ text: 'Hates tea.', people: 2 }] },
    ]);
  });

  it('clusters wordings sent in another order than most-held first the same way', () => {
    const clusters = clusterWordings([
      ['Likes green tea.', 1, []],
      ['Hates tea.', 2, [0.1]],
      ['Likes tea.', 3, [0.6, 0.2]],
    ]);
    expect(clusters.map((cluster) => [cluster.representative, cluster.people])).toEqual([
      ['Likes tea.', 4],
      ['Hates tea.', 2],
    ]);
  });
});

describe('publishedState', () => {
  const clusters = clusterTexts([{ text: 'Prefers tea.', people: 3 }], close);
  it('is unpublished without a fact, published when the top wording is the fact, otherwise contradicts', () => {
    expect(publishedState([], clusters)).toBe('unpublished');
    expect(publishedState([{ text: 'prefers  tea' }], clusters)).toBe('published');
    expect(publishedState([{ text: 'Prefers coffee.' }], clusters)).toBe('contradicts');
  });
});

describe('reviewSearchQuery', () => {
  it('turns words into prefix terms and drops query syntax', () => {
    expect(reviewSearchQuery('Meet len')).toBe('meet:* & len:*');
    expect(reviewSearchQuery("a&b | !c:* 'x'")).toBe('a:* & b:* & c:* & x:*');
    expect(reviewSearchQuery(' &!| ')).toBeNull();
    expect(reviewSearchQuery('Größe')).toBe('größe:*');
  });
});

describe('reviewAgeCutoff', () => {
  it('goes back the given number of days', () => {
    expect(reviewAgeCutoff('7d', new Date('2026-12-08T12:00:00Z')).toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
});

describe('review cursors', () => {
  it('round-trip for their sort only', () => {
    const cursor = { sort: 'people' as const, value: 12, key: 'größe', tenantRef: 'berlin' };
    const token = encodeReviewCursor(cursor);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeReviewCursor(token, 'people')).toEqual(cursor);
    expect(decodeReviewCursor(token, 'newest')).toBeNull();
  });

  it('carry a relevance as an exact number', () => {
    const cursor = { sort: 'relevance' as const, value: 0.0607927106320858, key: 'k', tenantRef: 't' };
    expect(decodeReviewCursor(encodeReviewCursor(cursor), 'relevance')).toEqual(cursor);
  });

  it('refuse forged or broken tokens', () => {
    expect(decodeReviewCursor('garbage', 'people')).toBeNull();
    expect(decodeReviewCursor(encodeReviewCursor({ sort: 'newest', value: 'not a date', key: 'k', tenantRef: 't' }), 'newest')).toBeNull();
  });
});

describe('isSnoozed', () => {
  const now = new Date('2026-12-05T10:00:00.000Z');
  const seen = new Date('2026-12-04T08:00:00.000Z');
  const until = new Date('2026-12-06T10:00:00.000Z');
  it.each([
    ['no snooze', null, seen, now, false],
    ['before its time, nothing new', { snoozedUntil: until, seenNewestAt: seen }, seen, now, true],
    ['an older conclusion changes nothing', { snoozedUntil: until, seenNewestAt: seen }, new Date('2026-12-01T00:00:00.000Z'), now, true],
    ['a newer conclusion wakes it', { snoozedUntil: until, seenNewestAt: seen }, new Date('2026-12-04T08:00:00.001Z'), now, false],
    ['at its time it is back', { snoozedUntil: until, seenNewestAt: seen }, seen, until, false],
    [
      'a millisecond before its time it is still hidden',
      { snoozedUntil: until, seenNewestAt: seen },
      seen,
      new Date(until.getTime() - 1),
      true,
    ],
    ['after its time it is back', { snoozedUntil: until, seenNewestAt: seen }, seen, new Date('2026-12-07T00:00:00.000Z'), false],
  ] as const)('%s', (_, snooze, newestAt, at, expected) => {
    expect(isSnoozed(snooze, newestAt, at)).toBe(expected);
  });
});

describe('snoozeUntilProblem and snoozeUntilOf', () => {
  const now = new Date('2026-12-05T10:00:00.000Z');
  it('takes a time in the next year and names the field and limit otherwise', () => {
    expect(snoozeUntilProblem(new Date('2026-12-05T10:00:00.001Z'), now)).toBeNull();
    expect(snoozeUntilProblem(new Date(now.getTime() + SNOOZE_MAX_DAYS * 86_400_000), now)).toBeNull();
    expect(snoozeUntilProblem(now, now)).toBe('until must be later than now');
    expect(snoozeUntilProblem(new Date(now.getTime() + SNOOZE_MAX_DAYS * 86_400_000 + 1), now)).toBe(
      'until must be at most 365 days from now',
    );
    expect(snoozeUntilProblem(new Date('nonsense'), now)).toMatch(/^until must be a time/);
  });
  it('turns a preset into a time from now', () => {
    expect(snoozeUntilOf('1d', now).toISOString()).toBe('2026-12-06T10:00:00.000Z');
    expect(snoozeUntilOf('1w', now).toISOString()).toBe('2026-12-12T10:00:00.000Z');
    expect(snoozeUntilProblem(snoozeUntilOf('30d', now), now)).toBeNull();
  });
});
