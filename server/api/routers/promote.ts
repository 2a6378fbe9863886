// Publishing the assistant's conclusions (docs/features.md "Publishing the assistant's
// conclusions"): the `promote` and `promotionOptions` procedures of the review router, kept in
// their own file and spread into it.
import { z } from 'zod';
import { MAX_KEY_CHARS } from '../../domain';
import { getPromotionOptions, MAX_SOURCE_OPTIONS } from '../../services/review/get-promotion-options';
import { promoteMemory } from '../../services/review/promote-memory';
import { inputString } from '../inputs';
import { adminProcedure } from '../trpc';

/** At most this many conclusions stand behind one promotion. */
export const MAX_PROMOTION_SOURCES = MAX_SOURCE_OPTIONS;

// Key and text limits are the domain's (validateFact); the schema only bounds the payload size.
export const promoteSchema = z.object({
  key: inputString.max(1000, 'key is far too long'),
  text: inputString.max(10_000, 'text is far too long'),
  targetScope: inputString.min(1, 'targetScope is required').max(200, 'targetScope must be at most 200 characters'),
  pinned: z.boolean().optional(),
  sourceIds: z
    .array(inputString.max(100, 'each source id must be at most 100 characters'))
    .min(1, 'sourceIds needs at least one conclusion to publish from')
    .max(MAX_PROMOTION_SOURCES, `sourceIds may hold at most ${MAX_PROMOTION_SOURCES} ids`),
  retireSources: z.boolean().optional(),
  expectedVersion: z.number().int().min(0).optional(),
  password: inputString.max(1024, 'password is far too long').optional(),
});

export const promotionOptionsSchema = z.object({
  key: inputString.min(1, 'key is required').max(MAX_KEY_CHARS, `key must be at most ${MAX_KEY_CHARS} characters`),
  tenantRef: inputString.min(1, 'tenantRef is required').max(100, 'tenantRef must be at most 100 characters'),
});

export const promoteProcedures = {
  /** Where the key of one organisation's review group may be published, and the conclusions behind it. */
  promotionOptions: adminProcedure
    .input(promotionOptionsSchema)
    .query(({ ctx, input }) => getPromotionOptions({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  promote: adminProcedure
    .input(promoteSchema)
    .mutation(({ ctx, input }) => promoteMemory({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
};
