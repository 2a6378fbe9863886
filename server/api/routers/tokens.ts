// API tokens for the runtime (docs/runtime-api.md "API tokens"): operators and tenant administrators.
import { z } from 'zod';
import { TOKEN_PERMISSIONS } from '../../domain';
import { createApiToken } from '../../services/tokens/create-api-token';
import { listApiTokens } from '../../services/tokens/list-api-tokens';
import { revokeApiToken } from '../../services/tokens/revoke-api-token';
import { displayName, inputId, password as passwordInput, required, tenantRef } from '../inputs';
import { protectedProcedure, router } from '../trpc';

// Creating and revoking need a sign-in (or password confirmation) of the last ten minutes
// (docs/operations.md "Sessions"); the services check it with the optional password.
const password = passwordInput.optional();

export const createTokenSchema = z.object({
  name: displayName.trim().min(1, required),
  tenantRef: tenantRef.nullable(),
  permissions: z.array(z.enum(TOKEN_PERMISSIONS)).min(1, 'choose at least one permission').max(TOKEN_PERMISSIONS.length),
  password,
});

export const tokensRouter = router({
  list: protectedProcedure.query(({ ctx }) => listApiTokens({ ctx: ctx.service, input: { viewer: ctx.viewer } })),
  create: protectedProcedure.input(createTokenSchema).mutation(async ({ ctx, input }) => {
    const created = await createApiToken({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
    return { ...created, createdAt: created.createdAt.toISOString() };
  }),
  // An id that names no token is answered NOT_FOUND.
  revoke: protectedProcedure.input(z.object({ id: inputId, password })).mutation(async ({ ctx, input }) => {
    const revoked = await revokeApiToken({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
    return { id: revoked.id, revokedAt: revoked.revokedAt.toISOString() };
  }),
});
