// One SQL query over the review summary: conclusions grouped by (tenant, key), filtered inside the
// viewer's tenants first, then by search, prefix, age, people, published and dismissed, sorted and
// cut at a keyset cursor. Each row carries the facts already published for its key at the tenant,
// one of its custom scopes or global, and its snooze. The statement is query-review-groups-sql.ts's.
import type { ReviewCursor, ReviewSort } from '../../domain';
import { readPrepared, type ServiceCall } from '../context';
import { reviewGroupRowSchema, reviewGroupsSql, type ReviewGroupRow } from './query-review-groups-sql';

export interface ReviewGroupQuery {
  tenants: string[];
  /** Exactly this key (detail), or keys starting with `prefix`. */
  key?: string;
  prefix?: string;
  search?: string;
  newerThan?: Date;
  minPeople?: number;
  published?: boolean;
  /** Only dismissed groups (true), only the others (false), or both (undefined). */
  dismissed?: boolean;
  /** Only groups a snooze hides at the moment of the read (true), only the others (false), or both. */
  snoozed?: boolean;
  sort: ReviewSort;
  after?: ReviewCursor | null;
  limit: number;
  /** Wordings per group (most-held first) whose pairwise similarities come along, for clustering. */
  texts: number;
}

/**
 * Kept prepared under a name made from its text: the filters given change the text, so each
 * combination of them gets its own statement, planned once for every search, page and tenant list
 * (planning the statement took a good part of a search's time outside its execution).
 */
export async function queryReviewGroups({ ctx, input }: ServiceCall<ReviewGroupQuery>): Promise<ReviewGroupRow[]> {
  const query = reviewGroupsSql(input, ctx.now());
  return readPrepared(ctx, query, reviewGroupRowSchema, 'review_groups');
}

export type { PublishedFact, ReviewGroupRow } from './query-review-groups-sql';
