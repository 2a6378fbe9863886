// The review queue for administrators (docs/features.md "Review queue"): list, detail, dismiss, and
// publishing a group (promote, promotionOptions: routers/promote.ts).
import { z } from 'zod';
import { REVIEW_AGES, REVIEW_SORTS } from '../../domain';
import { listDueFacts } from '../../services/life/list-due-facts';
import { getReviewGroup } from '../../services/review/get-review-group';
import { listReviewGroups } from '../../services/review/list-review-groups';
import { setReviewDismissal } from '../../services/review/set-review-dismissal';
import { setReviewSnooze } from '../../services/review/set-review-snooze';
import { inputId, memoryKey, pageCursor, required, searchText, tenantRef } from '../inputs';
import { adminProcedure, HEAVY_READ, router } from '../trpc';
import { instantInput } from './life-inputs';
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
    /** true: only keys a snooze hides now (Snoozed); false: only the others (To review). */
    snoozed: z.boolean().optional(),
    sort: z.enum(REVIEW_SORTS, `sort must be one of ${REVIEW_SORTS.join(', ')}`).optional(),
    cursor: pageCursor.optional(),
    limit: z.number().int().min(1, 'limit must be at least 1').max(REVIEW_PAGE_MAX, `limit must be at most ${REVIEW_PAGE_MAX}`).optional(),
  })
  .optional();

const groupSchema = z.object({ key, tenantRef: tenantRef.optional() });

/** The snooze's version the administrator saw: `snoozeVersion` of the key (0 when none). */
const expectedVersion = z
  .number('expectedVersion must be a whole number of at least 0')
  .int('expectedVersion must be a whole number of at least 0')
  .min(0, 'expectedVersion must be a whole number of at least 0')
  .max(2_147_483_647, 'expectedVersion must be at most 2147483647');

const snoozeSchema = groupSchema.extend({ until: instantInput('until'), expectedVersion });
const unsnoozeSchema = groupSchema.extend({ expectedVersion });

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
  dueFacts: adminProcedure.meta(HEAVY_READ).query(({ ctx }) => listDueFacts({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  list: adminProcedure
    .meta(HEAVY_READ)
    .input(reviewListSchema)
    .query(({ ctx, input }) => listReviewGroups({ ctx: ctx.service, input: { viewer: ctx.viewer, filter: input ?? {} } })),
  detail: adminProcedure
    .meta(HEAVY_READ)
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
  /** Hides a key from To review until `until`, or until a newer conclusion arrives. */
  snooze: adminProcedure
    .input(snoozeSchema)
    .mutation(({ ctx, input: { until, ...input } }) =>
      setReviewSnooze({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, until: new Date(until) } }),
    ),
  unsnooze: adminProcedure
    .input(unsnoozeSchema)
    .mutation(({ ctx, input }) => setReviewSnooze({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, until: null } })),
  ...promoteProcedures,
});
