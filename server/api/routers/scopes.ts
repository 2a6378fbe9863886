// Custom scopes of an organisation and who belongs to them (docs/concepts.md "Roles, custom
// scopes and memberships"). The kinds a scope may have come from SCOPE_PRECEDENCE and the
// scopes already defined.
import { z } from 'zod';
import { CUSTOM_SCOPE_LABEL_MAX } from '../../domain';
import { scopePrecedenceFromEnv } from '../../config/scope-precedence';
import { createCustomScope } from '../../services/access/create-custom-scope';
import { deleteCustomScope } from '../../services/access/delete-custom-scope';
import { listCustomScopes } from '../../services/access/list-custom-scopes';
import { renameCustomScope } from '../../services/access/rename-custom-scope';
import { setMembership } from '../../services/access/set-membership';
import { inputId, inputText, scopeToken, tenantRef } from '../inputs';
import { protectedProcedure, router } from '../trpc';

const token = scopeToken;
// The domain refuses a label over CUSTOM_SCOPE_LABEL_MAX characters (counted as a person counts
// them) in its own words; this only bounds the request, generously, as a written key's is.
const label = inputText(CUSTOM_SCOPE_LABEL_MAX * 4);

export const scopesRouter = router({
  list: protectedProcedure.input(z.object({ tenantRef })).query(({ ctx, input }) =>
    listCustomScopes({
      ctx: ctx.service,
      input: { viewer: ctx.viewer, tenantRef: input.tenantRef, precedence: scopePrecedenceFromEnv() },
    }),
  ),
  create: protectedProcedure
    .input(z.object({ tenantRef, token, label }))
    .mutation(({ ctx, input }) =>
      createCustomScope({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input, precedence: scopePrecedenceFromEnv() } }),
    ),
  rename: protectedProcedure
    .input(z.object({ token, label }))
    .mutation(({ ctx, input }) => renameCustomScope({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
  delete: protectedProcedure
    .input(z.object({ token }))
    .mutation(({ ctx, input }) => deleteCustomScope({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
});

export const membershipsRouter = router({
  set: protectedProcedure
    .input(z.object({ userId: inputId, scopeToken: token, member: z.boolean() }))
    .mutation(({ ctx, input }) => setMembership({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } })),
});
