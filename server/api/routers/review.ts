// The review queue for administrators (docs/features.md "Review queue"): list, detail, dismiss, and
// publishing a group (promote, promotionOptions: routers/promote.ts).
import { z } from 'zod';
import { REVIEW_AGES, REVIEW_SORTS } from '../../domain';
import { listDueFacts } from '../../services/life/list-due-facts';
import { getReviewGroup } from '../../services/review/get-review-group';
import { listReviewGroups } from '../../services/review/list-review-groups';
import { setReviewDismissal } from '../../services/review/set-review-dismissal';
import { inputId, memoryKey, pageCursor, required, searchText, tenantRef } from '../inputs';
import { adminProcedure, router } from '../trpc';
import { promoteProcedures } from './promote';

export const REVIEW_PAGE_MAX = 100;

const key = memoryKey.min(1, required);

export const reviewListSchema = z
  .object({
    q: searchText.optional(),
    prefix: memoryKey.optional(),
    age: z.enum(REVIEW_AGES, `age must be one of ${REVIEW_AGES.join(', ')}`).optional(),
    published: z.boolean().optional(),
    min: z.number().int().min(1, 'min must be at least 1').max(1_000_000, 'min must be at most 1000000').optional(),
    dismissed: z.boolean().optional(),
    sort: z.enum(REVIEW_SORTS, `sort must be one of ${REVIEW_SORTS.join(', ')}`).optional(),
    cursor: pageCursor.optional(),
    limit: z.number().int().min(1, 'limit must be at least 1').max(REVIEW_PAGE_MAX, `limit must be at most ${REVIEW_PAGE_MAX}`).optional(),
  })
  .optional();

const groupSchema = z.object({ key, tenantRef: tenantRef.optional() });

/** A page of a detail's conclusions: the `next` of the previous page (tRPC's infinite queries pass it as `cursor`). */
const detailSchema = groupSchema.extend({
  cursor: z
    .object(
      {
        updatedAt: z.iso.datetime({ precision: 3, error: 'cursor.updatedAt must be a time like 2026-11-01T09:30:00.000Z' }),
        id: inputId.min(1, required),
      },
      'cursor must be an object with updatedAt and id',
    )
    .nullish(),
});

export const reviewRouter = router({
  /** Facts past their review date, for Confirm / Edit / Expire / Delete (facts.act does them, one or many). */
  dueFacts: adminProcedure.query(({ ctx }) => listDueFacts({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  list: adminProcedure
    .input(reviewListSchema)
    .query(({ ctx, input }) => listReviewGroups({ ctx: ctx.service, input: { viewer: ctx.viewer, filter: input ?? {} } })),
  detail: adminProcedure
    .input(detailSchema)
    .query(({ ctx, input: { cursor, ...input } }) =>
      getReviewGroup({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, ...(cursor ? { after: cursor } : {}) } }),
    ),
  dismiss: adminProcedure
    .input(groupSchema)
    .mutation(({ ctx, input }) => setReviewDismissal({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, dismissed: true } })),
  undismiss: adminProcedure
    .input(groupSchema)
    .mutation(({ ctx, input }) => setReviewDismissal({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, dismissed: false } })),
  ...promoteProcedures,
});
