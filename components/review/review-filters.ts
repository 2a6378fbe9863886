// The review queue's filters as they appear in the URL (?q=&prefix=&age=&published=&min=&sort=
// &snoozed=&dismissed=&after=) and as review.list's input. Shared by the server page (prefetch) and the
// client list, so both ask for the same query.
import { REVIEW_AGES, REVIEW_SORTS, type ReviewAge, type ReviewSort } from '@/server/domain';

export interface ReviewFilters {
  q: string;
  prefix: string;
  age: ReviewAge | '';
  /** 'yes': the Published tab (keys with a published fact); otherwise the To review tab (keys without one). */
  published: 'yes' | 'no' | '';
  /** At least this many people; '1' is any number. A key one person holds is personal, so the default leaves it out. */
  min: string;
  sort: ReviewSort;
  /** The Dismissed tab: keys marked "not worth publishing". */
  dismissed: boolean;
  /** The Snoozed tab: keys a snooze hides from To review for now. */
  snoozed: boolean;
  /** Start the list after this position (a `next` of an earlier page). */
  after: string;
}

export const REVIEW_PAGE_SIZE = 25;

/** The queue starts with keys shared by at least two people: a key one person holds is theirs. */
export const DEFAULT_REVIEW_MIN = '2';

export const EMPTY_REVIEW_FILTERS: ReviewFilters = {
  q: '',
  prefix: '',
  age: '',
  published: '',
  min: DEFAULT_REVIEW_MIN,
  sort: 'people',
  dismissed: false,
  snoozed: false,
  after: '',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => (values.includes(value as T) ? (value as T) : '');

export function reviewFiltersFromParams(params: { get(name: string): string | null }): ReviewFilters {
  return {
    q: params.get('q') ?? '',
    prefix: params.get('prefix') ?? '',
    age: oneOf(REVIEW_AGES, params.get('age')),
    published: oneOf(['yes', 'no'] as const, params.get('published')),
    min: /^[1-9][0-9]{0,5}$/.test(params.get('min') ?? '') ? params.get('min')! : DEFAULT_REVIEW_MIN,
    sort: oneOf(REVIEW_SORTS, params.get('sort')) || 'people',
    dismissed: params.get('dismissed') === '1',
    snoozed: params.get('snoozed') === '1' && params.get('dismissed') !== '1',
    after: params.get('after') ?? '',
  };
}

/** The URL search parameters of `filters`, leaving out the defaults. */
export function reviewFilterParams(filters: ReviewFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q);
  if (filters.prefix.trim()) params.set('prefix', filters.prefix.trim());
  if (filters.age) params.set('age', filters.age);
  if (filters.published) params.set('published', filters.published);
  if (filters.min !== DEFAULT_REVIEW_MIN) params.set('min', filters.min);
  if (filters.sort !== 'people') params.set('sort', filters.sort);
  if (filters.snoozed) params.set('snoozed', '1');
  if (filters.dismissed) params.set('dismissed', '1');
  if (filters.after) params.set('after', filters.after);
  return params;
}

/** review.list's input for `filters`, without the cursor (the infinite query adds it). */
export function reviewListInput(filters: ReviewFilters) {
  const q = filters.q.trim();
  const prefix = filters.prefix.trim();
  return {
    ...(q ? { q } : {}),
    ...(prefix ? { prefix } : {}),
    ...(filters.age ? { age: filters.age } : {}),
    // The To review tab leaves out what is decided: published keys (their own tab) and dismissed ones,
    // and what is snoozed for now (its own tab, of keys not yet published).
    ...(filters.dismissed ? {} : { published: filters.published === 'yes' && !filters.snoozed }),
    ...(tabOf(filters) === 'review' ? { snoozed: false } : tabOf(filters) === 'snoozed' ? { snoozed: true } : {}),
    ...(filters.min !== '1' ? { min: Number(filters.min) } : {}),
    sort: filters.sort,
    ...(filters.dismissed ? { dismissed: true } : {}),
    limit: REVIEW_PAGE_SIZE,
  };
}

/** The queue's tabs: what is still to decide, what waits until later, and the two ways a key is decided. */
export const REVIEW_TABS = [
  { id: 'review', label: 'To review' },
  { id: 'snoozed', label: 'Snoozed' },
  { id: 'published', label: 'Published' },
  { id: 'dismissed', label: 'Dismissed' },
] as const;

export type ReviewTab = (typeof REVIEW_TABS)[number]['id'];

export function reviewTabOf(filters: ReviewFilters): ReviewTab {
  return tabOf(filters);
}

function tabOf(filters: ReviewFilters): ReviewTab {
  if (filters.dismissed) return 'dismissed';
  if (filters.snoozed) return 'snoozed';
  return filters.published === 'yes' ? 'published' : 'review';
}

/** `filters` moved to `tab`, keeping search, age, people and sort; the list starts from the top. */
export function withReviewTab(filters: ReviewFilters, tab: ReviewTab): ReviewFilters {
  return { ...filters, after: '', published: tab === 'published' ? 'yes' : '', dismissed: tab === 'dismissed', snoozed: tab === 'snoozed' };
}

/** A key's detail page; it carries the list's filters, so its back link returns to the same list. */
export function reviewDetailHref(group: { key: string; tenantRef: string }, filters: ReviewFilters = EMPTY_REVIEW_FILTERS): string {
  const params = reviewFilterParams(filters);
  params.set('tenant', group.tenantRef);
  return `/admin/review/${encodeURIComponent(group.key)}?${params}`;
}

/** The list a detail page was opened from (its filters, read from the detail's own URL). */
export function reviewListHref(params: { get(name: string): string | null }): string {
  const query = reviewFilterParams(reviewFiltersFromParams(params)).toString();
  return query ? `/admin/review?${query}` : '/admin/review';
}
