// Publishing the assistant's conclusions (docs/features.md "Publishing the assistant's
// conclusions"): the `promote` and `promotionOptions` procedures of the review router, kept in
// their own file and spread into it.
import { z } from 'zod';
import { getPromotionOptions, MAX_SOURCE_OPTIONS } from '../../services/review/get-promotion-options';
import { promoteMemory } from '../../services/review/promote-memory';
import { inputId, memoryKey, password, required, scopeToken, tenantRef, writtenKey, writtenText } from '../inputs';
import { adminProcedure } from '../trpc';
import { expiresAtInput, expiryOf } from './life-inputs';

/** At most this many conclusions stand behind one promotion. */
export const MAX_PROMOTION_SOURCES = MAX_SOURCE_OPTIONS;

// Key and text limits are the domain's (validateFact); the schema only bounds the payload size.
export const promoteSchema = z.object({
  key: writtenKey,
  text: writtenText,
  targetScope: scopeToken.min(1, required),
  pinned: z.boolean().optional(),
  expiresAt: expiresAtInput,
  sourceIds: z
    .array(inputId)
    .min(1, 'sourceIds needs at least one conclusion to publish from')
    .max(MAX_PROMOTION_SOURCES, `sourceIds may hold at most ${MAX_PROMOTION_SOURCES} ids`),
  retireSources: z.boolean().optional(),
  expectedVersion: z.number().int().min(0).optional(),
  password: password.optional(),
});

export const promotionOptionsSchema = z.object({
  key: memoryKey.min(1, required),
  tenantRef: tenantRef.min(1, required),
});

export const promoteProcedures = {
  /** Where the key of one organisation's review group may be published, and the conclusions behind it. */
  promotionOptions: adminProcedure
    .input(promotionOptionsSchema)
    .query(({ ctx, input }) => getPromotionOptions({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  promote: adminProcedure
    .input(promoteSchema)
    .mutation(({ ctx, input: { expiresAt, ...input } }) =>
      promoteMemory({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, expiry: expiryOf(expiresAt) } }),
    ),
};
