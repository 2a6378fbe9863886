// The review queue (docs/features.md "Review queue"): the assistant's conclusions at the own scopes
// of people in the tenants the viewer administers, grouped by key, one page at a time.
import {
  clusterWordings,
  decodeReviewCursor,
  encodeReviewCursor,
  isSnoozed,
  publishedState,
  reviewAgeCutoff,
  type PublishedState,
  type ReviewAge,
  type ReviewSort,
  type TextCluster,
} from '../../domain';
import type { GrantLike } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { listAdministeredTenants } from './list-administered-tenants';
import { queryReviewGroups, type PublishedFact, type ReviewGroupRow } from './query-review-groups';

/** Wordings per group that are clustered on the list (the detail takes more). */
export const LIST_TEXTS_PER_GROUP = 50;

/** Groups on a page when the filter names no `limit`. */
export const REVIEW_PAGE_SIZE = 25;

export interface ReviewFilter {
  q?: string;
  prefix?: string;
  age?: ReviewAge;
  published?: boolean;
  min?: number;
  dismissed?: boolean;
  /** Only keys a snooze hides now (the Snoozed tab), only the others (To review), or both. */
  snoozed?: boolean;
  sort?: ReviewSort;
  /** The `next` of the previous page. */
  cursor?: string;
  limit?: number;
}

export interface ListReviewGroupsInput {
  viewer: { grants: GrantLike[] };
  filter: ReviewFilter;
}

export interface ReviewGroup {
  tenantRef: string;
  key: string;
  people: number;
  newestAt: string;
  /** Distinct wordings in the group (the clusters hold at most LIST_TEXTS_PER_GROUP of them). */
  textCount: number;
  clusters: TextCluster[];
  published: PublishedFact[];
  publishedState: PublishedState;
  dismissedAt: string | null;
  /** Until when a snooze hides the key from To review; null when none does now (isSnoozed). */
  snoozedUntil: string | null;
  /** The version of the key's snooze as stored (0: none); a snooze change names it. */
  snoozeVersion: number;
}

export interface ReviewPage {
  groups: ReviewGroup[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next: string | null;
}

export async function listReviewGroups({ ctx, input }: ServiceCall<ListReviewGroupsInput>): Promise<ReviewPage> {
  const { filter } = input;
  const tenants = await listAdministeredTenants({ ctx, input: { viewer: input.viewer } });
  const sort = filter.sort ?? 'people';
  const limit = filter.limit ?? REVIEW_PAGE_SIZE;
  const after = filter.cursor ? decodeReviewCursor(filter.cursor, sort) : null;
  if (filter.cursor && !after) {
    throw new DomainError('INVALID', 'cursor is not a position in this list; start again from the first page.', {
      fieldErrors: [{ field: 'cursor', message: 'cursor must be the `next` value of a previous page with the same sort' }],
    });
  }
  const rows = await queryReviewGroups({
    ctx,
    input: {
      tenants,
      prefix: filter.prefix,
      search: filter.q,
      newerThan: filter.age ? reviewAgeCutoff(filter.age, ctx.now()) : undefined,
      minPeople: filter.min,
      published: filter.published,
      dismissed: filter.dismissed ?? false,
      snoozed: filter.snoozed,
      sort,
      after,
      limit: limit + 1,
      texts: LIST_TEXTS_PER_GROUP,
    },
  });
  const page = rows.slice(0, limit);
  const groups = page.map((row) => toReviewGroup(row, ctx.now()));
  const last = page.at(-1);
  const next =
    rows.length > limit && last
      ? encodeReviewCursor({ sort, value: cursorValue(sort, last), key: last.key, tenantRef: last.tenantRef })
      : null;
  return { groups, next };
}

function cursorValue(sort: ReviewSort, row: ReviewGroupRow): number | string {
  if (sort === 'people') return row.people;
  return sort === 'relevance' ? row.rank : row.newestAt.toISOString();
}

/** The wire shape of a group row (dates as ISO strings). */
export function toReviewGroup(row: ReviewGroupRow, now: Date): ReviewGroup {
  const snooze = row.snoozedUntil && row.seenNewestAt ? { snoozedUntil: row.snoozedUntil, seenNewestAt: row.seenNewestAt } : null;
  const clusters = clusterWordings(row.wordings);
  return {
    tenantRef: row.tenantRef,
    key: row.key,
    people: row.people,
    newestAt: row.newestAt.toISOString(),
    textCount: row.textCount,
    clusters,
    published: row.published,
    publishedState: publishedState(row.published, clusters),
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
    snoozedUntil: isSnoozed(snooze, row.newestAt, now) ? snooze!.snoozedUntil.toISOString() : null,
    snoozeVersion: row.snoozeVersion ?? 0,
  };
}
