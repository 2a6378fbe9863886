// The review queue's rules (docs/features.md "Review queue"): which texts count as the same
// conclusion, how old a group may be, and the keyset cursor of its pages. Pure: similarities, the
// clock and the cursor's values come in as arguments.
import { mergeKey } from './merge-guard';

/** Two texts at least this similar (pg_trgm's `similarity`, 0…1) say the same thing. */
export const CLUSTER_SIMILARITY = 0.45;

export interface TextCount {
  text: string;
  people: number;
}

export interface TextCluster {
  /** The wording most people hold (ties: the alphabetically first); `texts[0]` says how many hold exactly it. */
  representative: string;
  /** Everyone holding any wording of the cluster (the cluster's total, not the representative's). */
  people: number;
  /** Each wording with the people holding exactly it, the representative first. */
  texts: TextCount[];
}

/**
 * Greedy clustering: wordings are taken most-held first, and each joins the first cluster whose
 * representative it is similar enough to, or starts its own. `similarity(a, b)` is symmetric. A
 * wording never joins a cluster whose numbers, negations or opposites differ from its own
 * (merge-guard.ts): every wording of a cluster has the representative's marks, so comparing with
 * the representative is comparing with all.
 */
export function clusterTexts(texts: TextCount[], similarity: (a: string, b: string) => number): TextCluster[] {
  const ordered = [...texts].sort((a, b) => b.people - a.people || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const clusters: TextCluster[] = [];
  // The clusters a wording may join at all (mayMerge: the same marks), in the order they began.
  const mergeable = new Map<string, TextCluster[]>();
  for (const entry of ordered) {
    const key = mergeKey(entry.text);
    let candidates = mergeable.get(key);
    if (!candidates) mergeable.set(key, (candidates = []));
    const home = candidates.find((cluster) => similarity(cluster.representative, entry.text) >= CLUSTER_SIMILARITY);
    if (home) {
      home.people += entry.people;
      home.texts.push(entry);
    } else {
      const cluster = { representative: entry.text, people: entry.people, texts: [entry] };
      clusters.push(cluster);
      candidates.push(cluster);
    }
  }
  return clusters.sort((a, b) => b.people - a.people);
}

/**
 * The words of a search box as a PostgreSQL text-search query (`to_tsquery('simple', …)`): every
 * word must match, each as a prefix, so "meet len" finds `meeting-length`. Null when the box holds
 * no word. Punctuation never reaches the query syntax.
 */
export function reviewSearchQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/**
 * A group's wording as the review statements send it: its text, its people, and its similarity to
 * each wording sent before it (in that order), so every pair's similarity comes exactly once.
 */
export type WordingRow = [text: string, people: number, similarities: number[]];

/** The clusters of a group from its wordings (each with its similarities to the ones before it). */
export function clusterWordings(wordings: WordingRow[]): TextCluster[] {
  const position = new Map(wordings.map(([text], index) => [text, index]));
  const similarity = (a: string, b: string) => {
    const i = position.get(a) ?? -1;
    const j = position.get(b) ?? -1;
    return (i > j ? wordings[i]?.[2][j] : wordings[j]?.[2][i]) ?? 0;
  };
  return clusterTexts(
    wordings.map(([text, people]) => ({ text, people })),
    similarity,
  );
}

/** How a group stands against what is already published for its key. */
export type PublishedState = 'unpublished' | 'published' | 'contradicts';

const normalised = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '');

/**
 * `published` when a wording of the group's biggest cluster is a published text (ignoring case,
 * spacing and a final full stop), `contradicts` when a fact is published but says something else.
 */
export function publishedState(published: { text: string }[], clusters: TextCluster[]): PublishedState {
  if (published.length === 0) return 'unpublished';
  const top = new Set((clusters[0]?.texts ?? []).map((entry) => normalised(entry.text)));
  return published.some((fact) => top.has(normalised(fact.text))) ? 'published' : 'contradicts';
}

export const REVIEW_AGES = ['7d', '30d', '90d', '365d'] as const;
export type ReviewAge = (typeof REVIEW_AGES)[number];

/** Groups older than this (no conclusion changed since) are left out of an `age` filter. */
export function reviewAgeCutoff(age: ReviewAge, now: Date): Date {
  const days = Number(age.slice(0, -1));
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** Most people first, most recently changed first, or best search match first. */
export const REVIEW_SORTS = ['people', 'newest', 'relevance'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Where the previous page ended: the last group's sort value, key and tenant. */
export interface ReviewCursor {
  sort: ReviewSort;
  /** people or relevance as a number, newest as an ISO string. */
  value: number | string;
  key: string;
  tenantRef: string;
}

/** An opaque, URL-safe token for `after=`. */
export function encodeReviewCursor(cursor: ReviewCursor): string {
  const json = JSON.stringify([cursor.sort, cursor.value, cursor.key, cursor.tenantRef]);
  return btoa(String.fromCodePoint(...new TextEncoder().encode(json)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The cursor in `token` when it was made for `sort`, otherwise null (a stale or forged token). */
export function decodeReviewCursor(token: string, sort: ReviewSort): ReviewCursor | null {
  try {
    const binary = atob(token.replaceAll('-', '+').replaceAll('_', '/'));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.codePointAt(0)!)));
    if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== sort) return null;
    const [, value, key, tenantRef] = parsed as unknown[];
    if (typeof key !== 'string' || typeof tenantRef !== 'string') return null;
    const valid =
      sort === 'people'
        ? Number.isInteger(value)
        : sort === 'relevance'
          ? typeof value === 'number' && Number.isFinite(value)
          : typeof value === 'string' && !Number.isNaN(Date.parse(value));
    if (!valid) return null;
    return { sort, value: value as number | string, key, tenantRef };
  } catch {
    return null;
  }
}

// ── Snooze ───────────────────────────────────────────────────────────────────────────────────────

/** A snooze may reach at most this far ahead (a year: longer is "not worth publishing"). */
export const SNOOZE_MAX_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A key's snooze as stored: until when, and the newest conclusion it covers. */
export interface ReviewSnooze {
  snoozedUntil: Date;
  /** The group's newest change when it was snoozed; a newer conclusion wakes the key. */
  seenNewestAt: Date;
}

/**
 * Whether a snooze still hides its key from To review at `now`: until its time passes, or earlier
 * when a conclusion newer than the ones it saw arrives (something new is worth a look). Decided at
 * read time, never by a job, so every instance agrees. query-review-groups.ts writes the same
 * condition in SQL (`snoozeActiveSql`); review-snooze.int.test.ts holds the two together.
 */
export function isSnoozed(snooze: ReviewSnooze | null, newestAt: Date, now: Date): boolean {
  if (!snooze) return false;
  return snooze.snoozedUntil.getTime() > now.getTime() && newestAt.getTime() <= snooze.seenNewestAt.getTime();
}

/** Why `until` cannot be a snooze's end at `now` (a sentence naming the field and limit), or null. */
export function snoozeUntilProblem(until: Date, now: Date): string | null {
  if (Number.isNaN(until.getTime())) return 'until must be a time like 2026-11-01T09:30:00.000Z';
  if (until.getTime() <= now.getTime()) return 'until must be later than now';
  if (until.getTime() > now.getTime() + SNOOZE_MAX_DAYS * DAY_MS) return `until must be at most ${SNOOZE_MAX_DAYS} days from now`;
  return null;
}

/** The choices the console offers, in people's words. */
export const SNOOZE_PRESETS = [
  { id: '1d', label: 'Until tomorrow', days: 1 },
  { id: '1w', label: 'For a week', days: 7 },
  { id: '30d', label: 'For a month', days: 30 },
] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number]['id'];

/** When a preset snooze ends, from `now`. */
export function snoozeUntilOf(preset: SnoozePreset, now: Date): Date {
  const days = SNOOZE_PRESETS.find((entry) => entry.id === preset)!.days;
  return new Date(now.getTime() + days * DAY_MS);
}
