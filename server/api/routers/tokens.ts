// API tokens for the runtime (docs/runtime-api.md "API tokens"): operators and tenant administrators.
import { z } from 'zod';
import { MAX_TOKEN_LIFETIME_DAYS, TOKEN_PERMISSIONS } from '../../domain';
import { createApiToken } from '../../services/tokens/create-api-token';
import { listApiTokens } from '../../services/tokens/list-api-tokens';
import { revokeApiToken } from '../../services/tokens/revoke-api-token';
import { rotateApiToken } from '../../services/tokens/rotate-api-token';
import { displayName, inputId, password as passwordInput, required, tenantRef } from '../inputs';
import { protectedProcedure, router } from '../trpc';

// Creating and revoking need a sign-in (or password confirmation) of the last ten minutes
// (docs/operations.md "Sessions"); the services check it with the optional password.
const password = passwordInput.optional();

export const createTokenSchema = z.object({
  name: displayName.trim().min(1, required),
  tenantRef: tenantRef.nullable(),
  permissions: z.array(z.enum(TOKEN_PERMISSIONS)).min(1, 'choose at least one permission').max(TOKEN_PERMISSIONS.length),
  /** Days until the token is refused; null or absent: never. */
  expiresInDays: z
    .number()
    .int('a whole number of days')
    .min(1, 'at least 1 day')
    .max(MAX_TOKEN_LIFETIME_DAYS, `at most ${MAX_TOKEN_LIFETIME_DAYS} days`)
    .nullable()
    .optional(),
  password,
});

export const tokensRouter = router({
  list: protectedProcedure.query(({ ctx }) => listApiTokens({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  create: protectedProcedure.input(createTokenSchema).mutation(async ({ ctx, input }) => {
    const created = await createApiToken({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
    return { ...created, createdAt: created.createdAt.toISOString(), expiresAt: created.expiresAt?.toISOString() ?? null };
  }),
  // A new secret for the same token, shown once; the old one is accepted for 24 hours more.
  rotate: protectedProcedure.input(z.object({ id: inputId, password })).mutation(async ({ ctx, input }) => {
    const rotated = await rotateApiToken({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
    const { replacement } = rotated;
    return {
      id: rotated.id,
      oldRetiresAt: rotated.oldRetiresAt.toISOString(),
      replacement: {
        ...replacement,
        createdAt: replacement.createdAt.toISOString(),
        expiresAt: replacement.expiresAt?.toISOString() ?? null,
      },
    };
  }),
  // An id that names no token is answered NOT_FOUND.
  revoke: protectedProcedure.input(z.object({ id: inputId, password })).mutation(async ({ ctx, input }) => {
    const revoked = await revokeApiToken({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
    return { id: revoked.id, revokedAt: revoked.revokedAt.toISOString() };
  }),
});
